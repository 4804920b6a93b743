import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { log } from './log.server';
import { CLIENT_HEADER, type ApiErrorBody } from '@/lib/api/contract';
import { apiText, apiTranslator, inEnglish, isApiKey, say, type ApiText, type ApiTranslate } from '@/lib/api/api-text';
import { LOCALE_COOKIE, pickLocale, type AppLocale } from '@/lib/i18n/locales';

// Thin route handlers share this: same-origin checks, JSON answers with no-store, zod errors
// as 400s in plain words, upstream failures mapped, unexpected ones logged with a reference.
// Failures are answered in the request's language (the language switch's cookie, else
// Accept-Language, as the pages): an HttpError made with `apiText(key, values)` is said when the
// answer is made; one made with a plain string is answered as it is.
// This is the bottom layer: it knows no portal and no connection. The routes' `route` (which also
// answers the portal's failures and drops a refused connection) is lib/connection/route.server.ts.

export class HttpError extends Error {
  /** The words to answer with, said in the request's language; absent for a plain string. */
  readonly text?: ApiText;

  constructor(
    readonly status: number,
    message: string | ApiText,
    readonly extra: Omit<ApiErrorBody['error'], 'status' | 'message' | 'details'> & {
      field?: string;
      details?: string | ApiText;
    } = {},
  ) {
    super(inEnglish(message));
    if (typeof message !== 'string') this.text = message;
  }
}

/** The language a request is answered in: the switch's cookie, else the browser's languages. */
export function answerLocale(req: NextRequest): AppLocale {
  return pickLocale(req.cookies.get(LOCALE_COOKIE)?.value, req.headers.get('accept-language'));
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
export function sameOriginProblem(req: {
  method: string;
  headers: { get(name: string): string | null };
}): ApiText | null {
  const crossSite = apiText('request.crossSite');
  if (req.headers.get(CLIENT_HEADER) !== '1') return apiText('request.fromRooster');
  const site = req.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return crossSite;
  const origin = req.headers.get('origin');
  const host = req.headers.get('host');
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return crossSite;
    }
    if (!host || originHost !== host) return crossSite;
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    return crossSite;
  }
  return null;
}

/**
 * The first issue of a zod failure in plain words. Our schemas give `api` keys as their messages
 * (said with `t`); zod's own messages come in the language the body was parsed in (see readBody).
 */
export function zodMessage(
  error: z.ZodError,
  t: ApiTranslate = apiTranslator('en'),
): { message: string; field?: string } {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = !issue ? t('request.invalid') : isApiKey(issue.message) ? t(issue.message) : issue.message;
  return { message, ...(field ? { field } : {}) };
}

type Handler<C> = (req: NextRequest, ctx: C) => Promise<Response>;

/**
 * Answers for failures a layer above knows (the portal's errors): a response, or undefined for
 * one it does not know (then a 500 with a reference).
 */
export type FailureAnswer = (error: unknown, t: ApiTranslate) => Promise<Response | undefined>;

/** A route wrapper: same-origin check, failures in words, one log line per request. */
export function routeWith(answer?: FailureAnswer) {
  return function route<C>(handler: Handler<C>): Handler<C> {
    return async (req, ctx) => {
      const started = performance.now();
      const requestId = randomUUID();
      const t = apiTranslator(answerLocale(req));
      const problem = sameOriginProblem(req);
      let response: Response;
      if (problem) response = errorResponse(403, say(t, problem));
      else {
        try {
          response = await handler(req, ctx);
        } catch (error) {
          response = await failure(error, requestId, t, answer);
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
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Answers for the methods a route does not take: 405 in words, not Next's empty answer. Needed
 * because paths fold: `/api/connections/./reveal` is `/api/connections/reveal`, another route's
 * address. A route file exports the ones it lacks: `export const { GET, POST } = otherMethods('DELETE')`.
 */
export function otherMethods(...allowed: Method[]): Record<Method, Handler<unknown>> {
  // What the route does take, as `Allow` says it: Next answers HEAD for a GET and OPTIONS itself.
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const refuse = routeWith()<unknown>(async (req) => {
    const t = apiTranslator(answerLocale(req));
    return errorResponse(
      405,
      say(t, apiText('request.method', { method: req.method, allowed: allowed.join(', ') })),
      {},
      { allow },
    );
  });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}

/** A failed request's answer in words (logged with a reference where unexpected); `answer` knows a layer's own failures. */
export async function failure(
  error: unknown,
  requestId: string,
  t: ApiTranslate,
  answer: FailureAnswer | undefined,
): Promise<Response> {
  if (error instanceof HttpError) {
    const { details, ...extra } = error.extra;
    return errorResponse(
      error.status,
      error.text ? say(t, error.text) : error.message,
      details === undefined ? extra : { ...extra, details: say(t, details) },
      extra.retryAfter !== undefined ? { 'retry-after': String(extra.retryAfter) } : {},
    );
  }
  if (error instanceof z.ZodError) {
    const { message, field } = zodMessage(error, t);
    return errorResponse(400, message, { field });
  }
  const known = await answer?.(error, t);
  if (known) return known;
  const reference = requestId.slice(0, 8);
  log.error({ requestId, error: error instanceof Error ? error.message : 'unknown' }, 'unexpected error');
  return errorResponse(500, say(t, apiText('request.unexpected', { reference })));
}

/** Our JSON bodies are a portal URL and a code or token: a few hundred bytes. */
export const MAX_BODY_BYTES = 8 * 1024;

const tooLarge = () => new HttpError(413, apiText('request.tooLarge', { kb: String(MAX_BODY_BYTES / 1024) }));

/** How long a body may take to arrive in all: one that never finishes is cut with 408. */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * The body's text, refused with 413 as soon as it passes the limit (before it is all read), and
 * with 408 when it has not all come within BODY_TIMEOUT_MS (a request held open costs a socket).
 */
async function readCapped(req: NextRequest): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void reader.cancel().catch(() => undefined);
      reject(new HttpError(408, apiText('request.bodyTimeout', { seconds: BODY_TIMEOUT_MS / 1000 })));
    }, BODY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([readAll(), late]);
  } finally {
    clearTimeout(timer);
  }

  async function readAll(): Promise<string> {
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
}

// zod's own messages (for issues our schemas give no words for) in the request's language;
// English is zod's default, so today's English answers stay as they were.
const zodErrors: Partial<Record<AppLocale, z.core.$ZodErrorMap>> = { nl: z.locales.nl().localeError };

/** Parses a JSON body (size-capped first) with a zod schema; a broken body is a 400. */
export async function readBody<T>(req: NextRequest, schema: z.ZodType<T>): Promise<T> {
  const text = await readCapped(req);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, apiText('request.notJson'));
  }
  const error = zodErrors[answerLocale(req)];
  return schema.parse(raw, error ? { error } : undefined);
}
