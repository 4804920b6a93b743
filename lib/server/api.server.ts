import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { log } from './log.server';
import { CLIENT_HEADER, CONNECTION_HEADER, type ApiErrorBody } from '@/lib/api/contract';
import { apiErrorBody, apiStatusFor, PartnerApiError } from '@/lib/partner-api/errors';
import { readSession, withoutConnection, writeSession } from '@/lib/session/session.server';
import { forgetPartner, getActiveConnection, type ActiveConnection } from './connection.server';

// Thin route handlers share this: same-origin checks, JSON answers with no-store, zod errors
// as 400s in plain words, upstream failures mapped, unexpected ones logged with a reference.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ApiErrorBody['error'], 'status' | 'message'> & { field?: string } = {},
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export function errorResponse(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return json({ error: { status, message, ...extra } }, status, headers);
}

/** Only our own pages may call our API: the client header, and no cross-site Origin or fetch. */
export function sameOriginProblem(req: NextRequest): string | null {
  if (req.headers.get(CLIENT_HEADER) !== '1') return 'Requests to Rooster’s API must come from Rooster’s own pages.';
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return 'Cross-site requests are refused.';
  const origin = req.headers.get('origin');
  const host = req.headers.get('host');
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return 'Cross-site requests are refused.';
    }
    if (!host || originHost !== host) return 'Cross-site requests are refused.';
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    return 'Cross-site requests are refused.';
  }
  return null;
}

export function zodMessage(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  return { message: issue ? issue.message : 'The request is not valid.', ...(field ? { field } : {}) };
}

type Handler<C> = (req: NextRequest, ctx: C) => Promise<Response>;

export function route<C>(handler: Handler<C>): Handler<C> {
  return async (req, ctx) => {
    const started = performance.now();
    const requestId = randomUUID();
    const problem = sameOriginProblem(req);
    let response: Response;
    if (problem) response = errorResponse(403, problem);
    else {
      try {
        response = await handler(req, ctx);
      } catch (error) {
        response = await failure(error, requestId);
      }
    }
    // The path only: queries can hold people's codes, bodies a code or a token.
    log.info(
      {
        requestId,
        method: req.method,
        route: req.nextUrl.pathname,
        status: response.status,
        durationMs: Math.round(performance.now() - started),
      },
      'request',
    );
    return response;
  };
}

async function failure(error: unknown, requestId: string): Promise<Response> {
  if (error instanceof HttpError)
    return errorResponse(
      error.status,
      error.message,
      error.extra,
      error.extra.retryAfter !== undefined ? { 'retry-after': String(error.extra.retryAfter) } : {},
    );
  if (error instanceof z.ZodError)
    return errorResponse(400, zodMessage(error).message, { field: zodMessage(error).field });
  if (error instanceof PartnerApiError) {
    const body = apiErrorBody(error);
    if (apiStatusFor(error) === 401) {
      await dropActiveConnection();
      body.error.message = `The portal refused the token (${error.message}). The connection was removed; connect again.`;
    }
    const headers: Record<string, string> =
      error.info.retryAfter !== undefined ? { 'retry-after': String(error.info.retryAfter) } : {};
    return json(body, body.error.status, headers);
  }
  const reference = requestId.slice(0, 8);
  log.error({ requestId, error: error instanceof Error ? error.message : 'unknown' }, 'unexpected error');
  return errorResponse(
    500,
    `Rooster hit an unexpected error. Try again; if it persists, report reference ${reference}.`,
  );
}

async function dropActiveConnection() {
  const state = await readSession();
  if (state.status !== 'ok' || !state.data.activeId) return;
  await forgetPartner(state.data.activeId);
  await writeSession(await withoutConnection(state.data, state.data.activeId));
}

/** The active connection, or a 401 that says what to do. */
export async function requireConnection(): Promise<ActiveConnection> {
  const lookup = await getActiveConnection();
  if (lookup.status === 'ok') {
    const expected = (await headers()).get(CONNECTION_HEADER);
    if (expected && expected !== lookup.active.connection.id)
      throw new HttpError(
        409,
        'You switched to another portal in another tab or window, so this page belongs to the previous one. Reload the page.',
      );
    return lookup.active;
  }
  const why =
    lookup.status === 'none'
      ? 'Not connected to a portal.'
      : lookup.reason === 'expired'
        ? 'Your connection expired.'
        : 'Your connection is no longer valid.';
  throw new HttpError(401, `${why} Connect again on the Connect page.`);
}

/** Our JSON bodies are a portal URL and a code or token: a few hundred bytes. */
export const MAX_BODY_BYTES = 8 * 1024;

const tooLarge = () =>
  new HttpError(413, `The request body is too large: Rooster accepts at most ${MAX_BODY_BYTES / 1024} KB here.`);

/** The body's text, refused with 413 as soon as it passes the limit (before it is all read). */
async function readCapped(req: NextRequest): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body (size-capped first) with a zod schema; a broken body is a 400. */
export async function readBody<T>(req: NextRequest, schema: z.ZodType<T>): Promise<T> {
  const text = await readCapped(req);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not JSON.');
  }
  return schema.parse(raw);
}
