import 'server-only';
import type { IncomingMessage } from 'node:http';
import { apiText } from '@/lib/api/api-text';
import { log } from '@/lib/platform/log.server';
import { readEnvelopeHead } from '../envelope-head';
import { PartnerApiError } from '../errors';
import { anyEnvelopeSchema } from '../schemas';
import { pausedError, retryingCall } from '../resilience.server';
import { mayHoldToken, redactToken } from '../stream-guard';
import { defaults, PORTAL_HARD_LIMIT_MS, type ClientSettings, type PortalTarget } from './settings.server';
import { originOf, send } from './sockets.server';
import {
  brokeOff,
  cancelled,
  errorFrom,
  interpret,
  networkError,
  retryableStatus,
  tooLarge,
} from './wire-errors.server';

// The transport to a school portal (the endpoint reads are client.server.ts, the module others
// import). Every upstream call goes through `call()` or a streamed read (`stream`, `streamNode`, `streamInto`):
// bearer header, a per-attempt timeout, retries for GETs on 429/502/503/504 and network errors
// (backoff, jitter, Retry-After) within a total budget (cockatiel policies, resilience.server.ts), no redirects, a response-size cap,
// envelope parsing where the body's status wins, and typed errors. The host is the connection's
// base URL, fixed when it was checked at connect time; no request can choose another.
// This module is the buffered call and the policies every call runs under (`guarded`, `openAnswer`,
// shared with the streamed reads); the streamed reads are stream.server.ts.

export const RETRYABLE = new Set([429, 502, 503, 504]);

/**
 * The rest of an answer, read whole (after the chunks already read), its size capped as it
 * arrives. Read in flowing mode: each chunk kept as the socket gave it, joined once at the end.
 */
export function readAll(
  answer: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  chunks: Buffer[] = [],
): Promise<Buffer> {
  let size = chunks.reduce((n, c) => n + c.length, 0);
  return new Promise((resolve, reject) => {
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        answer.destroy();
        reject(tooLarge(maxBytes));
      } else chunks.push(chunk);
    });
    answer.on('end', () => resolve(Buffer.concat(chunks, size)));
    answer.on('error', (error) => reject(brokeOff(error, signal)));
    answer.on('close', () => {
      if (!answer.complete) reject(brokeOff(new Error('closed before its end'), signal));
    });
    answer.resume();
  });
}

export interface CallResult {
  status: number;
  body: unknown;
  /** The envelope's `data` array, when the body is an envelope holding one. */
  records: unknown[] | null;
  url: string;
  durationMs: number;
  attempts: number;
}

/** The URL of an endpoint path under the connection's base URL. */
export function upstreamUrl(target: PortalTarget, path: string, query?: URLSearchParams): string {
  const qs = query && [...query.keys()].length > 0 ? `?${query.toString()}` : '';
  return `${target.baseUrl}${path}${qs}`;
}

export async function call(
  target: PortalTarget,
  method: 'GET' | 'POST',
  path: string,
  query: URLSearchParams | undefined,
  overrides: Partial<ClientSettings> = {},
  /** A form body (`application/x-www-form-urlencoded`), for the token exchange. */
  form?: URLSearchParams,
): Promise<CallResult> {
  const settings = { ...defaults, ...overrides };
  const url = upstreamUrl(target, path, query);
  return guarded(target, method, path, settings, async (signal) => {
    const raw = await once(target, method, url, signal, settings, form);
    if (RETRYABLE.has(raw.status)) throw retryable(errorFrom(raw));
    return { ...interpret(raw), url };
  });
}

/** What a list's answer passed on unparsed is: its bytes as sent, or its text (the token cut out). */
export type ListAnswer = { bytes: Uint8Array; headStatus: number } | { text: string; headStatus: number | null };

/** How much of an answer's start its envelope's head is looked for in: the head is a few hundred bytes. */
const HEAD_BYTES = 64 * 1024;

/**
 * A list's answer unparsed, for a reader that parses it on another thread (onderwijstijd's
 * tables.server.ts): judged by its envelope's head as a streamed read is (one status, under 400,
 * before a `data` list; `headStatus` for the parser to hold the parsed body to) and passed on as its
 * bytes when no token can be in it. Any other answer is read as `call` reads it, with the same
 * errors, and passed on as its text.
 */
export async function callUnparsed(
  target: PortalTarget,
  path: string,
  query: URLSearchParams | undefined,
  overrides: Partial<ClientSettings> = {},
): Promise<ListAnswer & { status: number }> {
  const settings = { ...defaults, ...overrides };
  const url = upstreamUrl(target, path, query);
  return guarded(target, 'GET', path, settings, async (signal) => {
    const answer = await openAnswer(target, 'GET', url, signal, settings);
    const bytes = await readAll(answer, settings.maxBytes, signal);
    const status = answer.statusCode ?? 0;
    // Decoded here only where the token may be in it, to cut it out.
    const text =
      status < 400 && !mayHoldToken(bytes, target.token) ? null : redactToken(bytes.toString('utf8'), target.token);
    // Keys, numbers and the status are ASCII: the head reads the same from latin1.
    const head = readEnvelopeHead(text ?? bytes.toString('latin1', 0, Math.min(bytes.length, HEAD_BYTES)));
    const said = head.statuses[0]!;
    if (status < 400 && head.dataAt !== -1 && head.statuses.length === 1 && said < 400)
      return text === null ? { bytes, headStatus: said, status: said } : { text, headStatus: said, status: said };
    const raw = { status, headers: answer.headers, text: text ?? redactToken(bytes.toString('utf8'), target.token) };
    if (RETRYABLE.has(raw.status)) throw retryable(errorFrom(raw));
    // Not the usual list: parsed here, as every other answer (its errors, or a body without a list).
    return { text: raw.text, headStatus: null, status: interpret(raw).status };
  });
}

/**
 * The verdict `interpret` gives a body whose envelope, parsed, says another status than its head
 * said (JSON keeps the last of two): null when they agree; a refused token when either is 401; else
 * not the partner API. For the parsing done apart from the client (`callUnparsed`).
 */
export function secondStatus(headStatus: number, envelope: unknown): PartnerApiError | null {
  const parsed = anyEnvelopeSchema.safeParse(envelope);
  if (!parsed.success || parsed.data.response.status === headStatus) return null;
  if (parsed.data.response.status === 401) return errorFrom({ status: 401, headers: {}, body: envelope });
  return new PartnerApiError('not-partner-api', apiText('partner.twoStatuses'), {
    status: headStatus,
    details: apiText('partner.checkApiPath'),
  });
}

export const retryable = (error: PartnerApiError) => {
  retryableStatus.add(error);
  return error;
};

/**
 * One upstream call under the retry and timeout policies and the portal's breaker, logged once:
 * `attempt` runs once per try with the try's abort signal and gives the call's result.
 */
export async function guarded<T extends { status: number }>(
  target: PortalTarget,
  method: 'GET' | 'POST',
  path: string,
  settings: ClientSettings,
  run: (signal: AbortSignal, cancel: AbortSignal | undefined) => Promise<T>,
): Promise<T & { durationMs: number; attempts: number }> {
  const started = Date.now();
  const policy = retryingCall({
    maxAttempts: method === 'GET' ? settings.maxAttempts : 1,
    timeoutMs: Math.min(settings.timeoutMs, PORTAL_HARD_LIMIT_MS),
    totalBudgetMs: Math.min(settings.totalBudgetMs, PORTAL_HARD_LIMIT_MS),
    backoffBaseMs: settings.backoffBaseMs,
    random: settings.random,
    retryable: (error) => error.kind === 'unreachable' || retryableStatus.has(error),
    onRetry: settings.onRetry,
  });
  let attempts = 0;
  // The trial call after a pause runs to its verdict though its reader leave: a `cancelled` would
  // read to the breaker as the portal being back, and un-pause it for every instance.
  const attempt = (trial = false) => {
    const cancel = trial ? undefined : settings.cancel;
    return policy.execute(async ({ signal }) => {
      attempts++;
      try {
        if (cancel?.aborted) throw cancelled();
        return await run(signal, cancel);
      } catch (error) {
        if (cancel?.aborted) throw cancelled();
        if (error instanceof PartnerApiError) throw error;
        throw new PartnerApiError('unreachable', apiText('partner.unreachable'), { details: String(error) });
      }
    });
  };
  // One log line per upstream call: where, what, how it went; never the query (codes) or the token.
  const logged = { portal: originOf(target.baseUrl).origin, endpoint: path, method };
  try {
    // Keyed by the base URL actually used: failures of `…/not-a-portal/api` say nothing about `…/api`.
    const answer = settings.breaker
      ? await settings.breaker.run(target.baseUrl, attempt, pausedError)
      : await attempt();
    const result = { ...answer, durationMs: Date.now() - started, attempts };
    log.info({ ...logged, status: result.status, durationMs: result.durationMs, attempts }, 'upstream');
    return result;
  } catch (error) {
    const info =
      error instanceof PartnerApiError
        ? { kind: error.kind, status: error.info.status, eventId: error.info.eventId }
        : {};
    log.warn({ ...logged, ...info, attempts, durationMs: Date.now() - started }, 'upstream failed');
    throw error;
  }
}

/**
 * Sends one try of a call and checks the answer's head: a redirect is refused (never followed), an
 * answer declared larger than the cap is let go unread. The body is the caller's to read.
 */
export async function openAnswer(
  target: PortalTarget,
  method: string,
  url: string,
  signal: AbortSignal,
  settings: ClientSettings,
  form?: URLSearchParams,
): Promise<IncomingMessage> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Rooster' };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  let answer: IncomingMessage;
  try {
    answer = await send(url, target.trust, method, headers, form?.toString(), signal, target.token);
  } catch (error) {
    throw networkError(error);
  }
  const status = answer.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    answer.resume();
    throw new PartnerApiError('redirect', apiText('partner.redirect'), {
      details: apiText('partner.redirectDetails', { status: String(status) }),
    });
  }
  if (Number(answer.headers['content-length'] ?? 0) > settings.maxBytes) {
    answer.destroy();
    throw tooLarge(settings.maxBytes);
  }
  return answer;
}

async function once(
  target: PortalTarget,
  method: string,
  url: string,
  signal: AbortSignal,
  settings: ClientSettings,
  form?: URLSearchParams,
) {
  const answer = await openAnswer(target, method, url, signal, settings, form);
  const body = await readAll(answer, settings.maxBytes, signal);
  return {
    status: answer.statusCode ?? 0,
    headers: answer.headers,
    text: redactToken(body.toString('utf8'), target.token),
  };
}
