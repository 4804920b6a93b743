import { CLIENT_HEADER, CONNECTION_HEADER, type ApiErrorBody, type ExportProgress } from './contract';

// The browser's way to Rooster's own API: same origin, our client header, JSON both ways, and
// failures as ApiError carrying the portal's eventId where there is one. The server answers in
// the person's language; what the browser says itself (Rooster unreachable, an answer without
// words) has a `kind` that `apiErrorMessage` says in the interface's language.

/** Who worded the failure: Rooster's answer, or the browser (no answer, or one without words). */
export type ApiErrorKind = 'answer' | 'unreachable' | 'no-message' | 'broke-off';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string,
    readonly eventId?: number | string | null,
    readonly field?: string,
    readonly retryAfter?: number,
    readonly kind: ApiErrorKind = 'answer',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The `api.client` messages: `useTranslations('api.client')`. */
export type ClientErrorWords = (key: 'unreachable' | 'status' | 'brokeOff', values: { status: number }) => string;

/** An API failure in the interface's language: the server's words as they are, the browser's own translated. */
export function apiErrorMessage(error: ApiError, t: ClientErrorWords): string {
  if (error.kind === 'unreachable') return t('unreachable', { status: error.status });
  if (error.kind === 'no-message') return t('status', { status: error.status });
  if (error.kind === 'broke-off') return t('brokeOff', { status: error.status });
  return error.message;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Init {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** The connection the read belongs to (its query key's first part); see CONNECTION_HEADER. */
  connectionId?: string;
}

async function send(path: string, { method = 'GET', body, signal, connectionId }: Init): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      headers: {
        [CLIENT_HEADER]: '1',
        ...(connectionId ? { [CONNECTION_HEADER]: connectionId } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'Rooster’s server could not be reached. Check your network and try again.',
      undefined,
      null,
      undefined,
      undefined,
      'unreachable',
    );
  }
}

async function failure(res: Response): Promise<ApiError> {
  const e = ((await res.json().catch(() => null)) as Partial<ApiErrorBody> | null)?.error;
  return new ApiError(
    res.status,
    e?.message ?? `Rooster answered with status ${res.status}.`,
    e?.details,
    e?.eventId ?? null,
    e?.field,
    e?.retryAfter,
    e?.message === undefined ? 'no-message' : 'answer',
  );
}

/** A file from Rooster's API (CSV, ICS): the response to read, or the API's error as ApiError. */
export async function apiFetchFile(path: string, signal?: AbortSignal): Promise<Response> {
  const res = await send(path, { signal });
  if (res.ok && res.body) return res;
  throw await failure(res);
}

/** A JSON answer of Rooster's API as a Response, for readers that look at its headers; errors as ApiError. */
export async function apiFetchResponse(path: string, init: Init = {}): Promise<Response> {
  const res = await send(path, init);
  if (!res.ok) throw await failure(res);
  return res;
}

export async function apiFetch<T>(path: string, init: Init = {}): Promise<T> {
  const res = await send(path, init);
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/**
 * How far a streamed export, a staffing range or a cover window got: null while the server has not
 * begun it (204: the page asks from the moment it starts the work, before the server has begun).
 */
export async function fetchProgress(id: string, init: Init = {}): Promise<ExportProgress | null> {
  const res = await send(`/api/export/progress/${id}`, init);
  if (res.status === 204) return null;
  if (!res.ok) throw await failure(res);
  return (await res.json()) as ExportProgress;
}
