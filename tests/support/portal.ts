// Small HTTP helpers for talking to a (sandbox) portal in tests, the way a partner would.

export interface Envelope<T = Record<string, unknown>> {
  response: {
    status: number;
    message: string;
    details: string;
    eventId: number;
    startRow: number;
    endRow: number;
    totalRows: number;
    data: T[];
  };
}

export class PortalClient {
  constructor(
    readonly origin: string,
    public token?: string,
  ) {}

  async admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.origin}/admin${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async newCode(partner = 'demo'): Promise<string> {
    return (await this.admin<{ code: string }>('POST', `/partners/${partner}/codes`)).code;
  }

  async exchange(code: string): Promise<Response> {
    return fetch(`${this.origin}/api/oauth/token?code=${encodeURIComponent(code)}`, { method: 'POST' });
  }

  /** Connects as a partner: a fresh code exchanged for a token, kept on this client. */
  async connect(partner = 'demo'): Promise<this> {
    const res = await this.exchange(await this.newCode(partner));
    this.token = ((await res.json()) as { access_token: string }).access_token;
    return this;
  }

  async get<T = Record<string, unknown>>(
    path: string,
    params: Record<string, string | number | boolean> = {},
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${this.origin}/api${path}${query.size ? `?${query}` : ''}`, {
      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
    });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }
}
