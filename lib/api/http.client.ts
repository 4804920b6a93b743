// The browser's way to Rooster's own API: same origin, our client header, JSON both ways,
// and failures as ApiError carrying the portal's eventId where there is one.

export const CLIENT_HEADER = 'x-rooster-client';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string,
    readonly eventId?: number | string | null,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A file from Rooster's API (CSV, ICS): the response to read, or the API's error as ApiError. */
export async function apiFetchFile(path: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(path, {
    headers: { [CLIENT_HEADER]: '1' },
    signal,
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (res.ok && res.body) return res;
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; eventId?: number | string };
  } | null;
  throw new ApiError(
    res.status,
    body?.error?.message ?? `Rooster answered with status ${res.status}.`,
    undefined,
    body?.error?.eventId ?? null,
  );
}

export async function apiFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers: { [CLIENT_HEADER]: '1', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Rooster’s server could not be reached. Check your network and try again.');
  }
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; details?: string; eventId?: number | string; field?: string; retryAfter?: number };
  } | null;
  if (!res.ok) {
    const e = body?.error;
    throw new ApiError(
      res.status,
      e?.message ?? `Rooster answered with status ${res.status}.`,
      e?.details,
      e?.eventId ?? null,
      e?.field,
      e?.retryAfter,
    );
  }
  return body as T;
}
