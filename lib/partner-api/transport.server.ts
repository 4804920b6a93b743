import 'server-only';
import { serverEnvSchema } from '@/lib/env-schema';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { isPublicAddress } from './addresses';
import { redactToken, StreamTooLarge, tokenCutter } from './stream-guard';
import { PartnerApiError } from './errors';
import { apiText } from '@/lib/api/api-text';
import { pausedError, PortalBreakers, retryingCall } from './resilience.server';
import { stateStore } from '@/lib/platform/state/state.server';
import { log } from '@/lib/platform/log.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { anyEnvelopeSchema } from './schemas';
import { readEnvelopeHead } from './envelope-head';

// The transport to a school portal (the endpoint reads are client.server.ts, the module others
// import). Every upstream call goes through `call()` or a streamed read (`stream`, `streamNode`, `streamInto`):
// bearer header, a per-attempt timeout, retries for GETs on 429/502/503/504 and network errors
// (backoff, jitter, Retry-After) within a total budget (cockatiel policies, resilience.server.ts), no redirects, a response-size cap,
// envelope parsing where the body's status wins, and typed errors. The host is the connection's
// base URL, fixed when it was checked at connect time; no request can choose another.

export interface PortalTarget {
  /** `https://school.example/api` as accepted by checkPortalUrl. */
  baseUrl: string;
  trust: 'listed' | 'wildcard';
  token?: string;
}

export interface ClientSettings {
  timeoutMs: number;
  /** All attempts of one call together. */
  totalBudgetMs: number;
  maxAttempts: number;
  maxBytes: number;
  /** The first retry waits about this long (with jitter), each next one twice as long. */
  backoffBaseMs: number;
  random: () => number;
  /** Told the wait before each retry (for tests and metrics). */
  onRetry?: (delayMs: number) => void;
  /** Aborts when the reader went away: the call is let go at once (a `cancelled` error, never retried or counted). */
  cancel?: AbortSignal;
  /**
   * Pauses calls to a portal base URL after repeated failures. null for connect attempts: anyone
   * may make those, so they must neither pause nor un-pause a portal for its connected users.
   */
  breaker: PortalBreakers | null;
  /**
   * How long a streamed answer waits for a reader that takes nothing (its socket full) before it
   * is cut: the portal's socket is not held for a reader that does not read.
   */
  readerStallMs: number;
}

export const PORTAL_HARD_LIMIT_MS = 60_000;

const defaults: ClientSettings = {
  timeoutMs: 30_000,
  totalBudgetMs: 55_000,
  maxAttempts: 3,
  maxBytes: 40 * 1024 * 1024,
  backoffBaseMs: 250,
  random: Math.random,
  readerStallMs: 5_000,
  // One per server process; an open breaker is written to the state store, so every instance pauses.
  breaker: processSingleton(
    'portal-breaker',
    () =>
      new PortalBreakers(
        {
          threshold: 5,
          // Through the settings schema, alone (this is made before the whole environment is checked).
          coolDownMs:
            serverEnvSchema.shape.PORTAL_COOLDOWN_SECONDS.catch(15).parse(process.env.PORTAL_COOLDOWN_SECONDS) * 1000,
          countsAsFailure: countsAsPortalFailure,
        },
        stateStore,
      ),
  ),
};

const RETRYABLE = new Set([429, 502, 503, 504]);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupFn = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A DNS lookup for sockets that refuses private, loopback and link-local answers. It runs at
 * connect time for every new connection, so a name cannot be rebound to an inside address later.
 */
export function guardedLookup(resolve: LookupFn = dnsLookup as unknown as LookupFn) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        const err: NodeJS.ErrnoException = new Error(`refused address for ${hostname}`);
        err.code = 'EREFUSEDADDRESS';
        return callback(err, []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Sockets per portal origin (the agents' maxSockets). */
export const PORTAL_SOCKETS = 16;
/**
 * One connection's (token's) share of a portal's sockets: no session holds more than this many at
 * once, however many reads it starts (its next waits its turn), so the pool always has room for
 * other sessions' reads.
 */
export const FAIR_SHARE = 4;

const shares = new Map<string, { busy: number; waiting: (() => void)[] }>();

/** How many sockets to a portal a token holds and waits for (for tests). */
export function portalShare(baseUrl: string, token: string): { busy: number; waiting: number } {
  const share = shares.get(shareKey(originOf(baseUrl).origin, token));
  return { busy: share?.busy ?? 0, waiting: share?.waiting.length ?? 0 };
}

/** The token is not kept in the map, only a digest of it with the origin. */
const shareKey = (origin: string, token: string) =>
  createHash('sha256').update(origin).update('\n').update(token).digest('base64url');

/**
 * Takes one of the token's sockets to the portal, waiting (first come, first served) while it holds
 * its share; the release gives it back once, however often called. Aborted while waiting: rejects.
 */
function takeShare(key: string, signal: AbortSignal): Promise<() => void> {
  let share = shares.get(key);
  if (!share) shares.set(key, (share = { busy: 0, waiting: [] }));
  const entry = share;
  const held = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = entry.waiting.shift();
      if (next) return next();
      entry.busy--;
      if (entry.busy === 0 && shares.get(key) === entry) shares.delete(key);
    };
  };
  if (entry.busy < FAIR_SHARE) {
    entry.busy++;
    return Promise.resolve(held());
  }
  return new Promise((resolve, reject) => {
    const turn = () => {
      signal.removeEventListener('abort', abort);
      resolve(held());
    };
    const abort = () => {
      const at = entry.waiting.indexOf(turn);
      if (at !== -1) entry.waiting.splice(at, 1);
      reject(abortError());
    };
    if (signal.aborted) return reject(abortError());
    signal.addEventListener('abort', abort, { once: true });
    entry.waiting.push(turn);
  });
}

/**
 * One keep-alive pool per scheme and trust. Node's own client: its parser is native and hands the
 * body on as views of what the socket read (no copy per chunk, no promise per chunk), which is most
 * of what a streamed megabyte costs (bench/proxy.ts). A wildcard-trusted portal's sockets connect
 * through the guarded lookup, so every new connection is checked again.
 */
const agents = new Map<string, HttpAgent>();
function agentFor(protocol: string, trust: PortalTarget['trust']): HttpAgent {
  const key = `${protocol}${trust}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      maxSockets: PORTAL_SOCKETS,
      // Idle sockets close before the usual 5 s a server keeps them, so none is reused as it closes.
      timeout: 4_000,
      ...(trust === 'wildcard' ? { lookup: guardedLookup() as never } : {}),
    };
    agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Where an origin's requests go, parsed once per origin (the URLs are made from a checked base URL). */
const origins = new Map<string, { protocol: string; hostname: string; port: string }>();
const MAX_ORIGINS = 1000;
function originOf(url: string): { origin: string; protocol: string; hostname: string; port: string } {
  const pathAt = url.indexOf('/', url.indexOf('//') + 2);
  const origin = pathAt === -1 ? url : url.slice(0, pathAt);
  let parsed = origins.get(origin);
  if (!parsed) {
    const u = new URL(origin);
    parsed = { protocol: u.protocol, hostname: u.hostname.replace(/^\[|\]$/g, ''), port: u.port };
    if (origins.size >= MAX_ORIGINS) origins.delete(origins.keys().next().value!);
    origins.set(origin, parsed);
  }
  return { origin, ...parsed };
}

/** Sends a request and gives the answer once its head arrived (its body still to read, or to let go). */
function send(
  url: string,
  trust: PortalTarget['trust'],
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
  /** The connection's token: its requests take its share of the portal's sockets (none for a code exchange). */
  token?: string,
): Promise<IncomingMessage> {
  const { origin } = originOf(url);
  if (!token) return sendNow(url, trust, method, headers, body, signal, () => {});
  return takeShare(shareKey(origin, token), signal).then((release) =>
    sendNow(url, trust, method, headers, body, signal, release),
  );
}

function sendNow(
  url: string,
  trust: PortalTarget['trust'],
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
  /** Told once the request and its answer are done with the socket. */
  release: () => void,
): Promise<IncomingMessage> {
  const { origin, protocol, hostname, port } = originOf(url);
  const open = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      release();
      return reject(abortError());
    }
    let req: ReturnType<typeof open>;
    try {
      req = open(
        {
          protocol,
          hostname,
          port,
          path: url.slice(origin.length) || '/',
          method,
          headers,
          agent: agentFor(protocol, trust),
        },
        resolve,
      );
    } catch (error) {
      // Refused before a request was made (a header Node will not send): the share is given back.
      release();
      return reject(error);
    }
    // The call's signal ends the request (and its answer): one listener, let go once the request closed.
    const abort = () => req.destroy(abortError());
    signal.addEventListener('abort', abort, { once: true });
    req.once('close', () => {
      signal.removeEventListener('abort', abort);
      release();
    });
    req.on('error', reject);
    req.end(body);
  });
}

const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' });

/** Why an answer stopped before its end: the call's time ran out (its signal), or the portal broke it off. */
function brokeOff(error: unknown, signal: AbortSignal): PartnerApiError {
  if (signal.aborted) return networkError(Object.assign(new Error('aborted'), { name: 'AbortError' }));
  return error instanceof PartnerApiError ? error : networkError(error, apiText('partner.broke'));
}

/**
 * The rest of an answer, read whole (after the chunks already read), its size capped as it
 * arrives. Read in flowing mode: each chunk kept as the socket gave it, joined once at the end.
 */
function readAll(
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

const retryable = (error: PartnerApiError) => {
  retryableStatus.add(error);
  return error;
};

/**
 * One upstream call under the retry and timeout policies and the portal's breaker, logged once:
 * `attempt` runs once per try with the try's abort signal and gives the call's result.
 */
async function guarded<T extends { status: number }>(
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

/** Errors made from a 429/502/503/504 answer: these may be tried again. */
const retryableStatus = new WeakSet<PartnerApiError>();

/** A portal that is down or broken, as opposed to one that refused a request (4xx). */
export function countsAsPortalFailure(error: PartnerApiError): boolean {
  if (error.kind === 'upstream') return (error.info.status ?? 0) >= 500;
  return error.kind === 'unreachable' || error.kind === 'timeout' || error.kind === 'not-partner-api';
}

/**
 * Sends one try of a call and checks the answer's head: a redirect is refused (never followed), an
 * answer declared larger than the cap is let go unread. The body is the caller's to read.
 */
async function openAnswer(
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

/**
 * How much of an answer is read before its first byte is passed on: a small answer whole (read
 * whole, it is judged as every other answer: a broken one is a 502); one declared larger, only
 * its envelope's head.
 */
const HEAD_BYTES = 64 * 1024;

/**
 * The answer's first chunks, up to `HEAD_BYTES` or its end, read as they arrive; then the answer
 * is paused with the rest unread (`ended`: nothing is left).
 */
function readHead(
  answer: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  /** Whether what was read is head enough to judge, before `HEAD_BYTES`. */
  enough: (chunks: Buffer[]) => boolean = () => false,
): Promise<{ chunks: Buffer[]; size: number; ended: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const stop = () => {
      answer.pause();
      answer.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        answer.destroy();
        reject(tooLarge(maxBytes));
      } else if (size >= HEAD_BYTES || enough(chunks)) {
        stop();
        resolve({ chunks, size, ended: false });
      }
    };
    const onEnd = () => {
      stop();
      resolve({ chunks, size, ended: true });
    };
    const onError = (error: Error) => {
      stop();
      reject(brokeOff(error, signal));
    };
    const onClose = () => {
      if (!answer.complete) onError(new Error('closed before its end'));
    };
    answer.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
    answer.resume();
  });
}

/**
 * Whether the head is an envelope whose list may be passed on as it arrives: it starts as one,
 * says one status under 400 directly in `response` before its `data` (read as JSON is read: a
 * `status` inside another member is not the envelope's, and a status said twice is not trusted),
 * and `data` is a list. Read from the first 4 KB where `data` begins in them (as the portal writes
 * it), else from the whole head. Anything else is read whole and judged (`interpret`).
 */
function listHead(chunks: Buffer[]): boolean {
  const first = chunks[0]!;
  const lead =
    first.length >= 4096 ? first.toString('latin1', 0, 4096) : Buffer.concat(chunks).toString('latin1', 0, 4096);
  let head = readEnvelopeHead(lead);
  if (head.dataAt === -1 && lead.length === 4096) head = readEnvelopeHead(Buffer.concat(chunks).toString('latin1'));
  return head.dataAt !== -1 && head.statuses.length === 1 && head.statuses[0]! < 400;
}

/** An answer opened for streaming: its first chunks read, the rest still to come (null: read whole). */
interface OpenedList {
  status: number;
  url: string;
  /** The chunks read to judge the answer (the whole answer, its token cut out, when `rest` is null). */
  first: Buffer[];
  /** The portal's answer, paused after `first`. */
  rest: IncomingMessage | null;
  /** The answer's length in bytes where the portal declared it (the mask keeps it), else null. */
  length: number | null;
  /** Aborts when the call's time ran out while the rest flowed (or the reader went away). */
  signal: AbortSignal;
  /** The rest arrived: the stall timer stops. */
  done: () => void;
  /** The reader went away: the portal's answer is let go (its connection back to the pool). */
  stop: () => void;
}

/**
 * Opens a GET whose answer is passed on as it arrives. The head (up to the envelope's `data`) is
 * read first, inside the attempt: a refusal, a wrong status in the body ("the body's status wins"),
 * a web page or anything but an envelope with a list is read whole and becomes the usual error, so
 * retries and the breaker act before the first byte is sent. The body has its own abort signal: the
 * attempt's ends when the attempt returns; a body that stalls past the call's time is cut off.
 */
async function openStream(
  target: PortalTarget,
  url: string,
  signal: AbortSignal,
  /** The reader's: when it leaves before the answer opened, the call is let go. */
  cancel: AbortSignal | undefined,
  settings: ClientSettings,
  started: number,
): Promise<OpenedList> {
  const own = new AbortController();
  const follow = () => own.abort();
  signal.addEventListener('abort', follow, { once: true });
  cancel?.addEventListener('abort', follow, { once: true });
  let answer: IncomingMessage | undefined;
  let head;
  try {
    answer = await openAnswer(target, 'GET', url, own.signal, settings);
    // An answer declared larger than the head passes on as soon as its envelope's head is read:
    // being large, it would not be read whole anyway, and its first bytes need not wait.
    const large = Number(answer.headers['content-length'] ?? 0) >= HEAD_BYTES;
    head = await readHead(answer, settings.maxBytes, own.signal, large ? listHead : undefined);
    if (head.ended || answer.statusCode !== 200 || !listHead(head.chunks)) {
      // Small, refused or not an envelope: read whole and judged as every other answer is.
      const whole = head.ended
        ? Buffer.concat(head.chunks, head.size)
        : await readAll(answer, settings.maxBytes, own.signal, head.chunks);
      const raw = {
        status: answer.statusCode ?? 0,
        headers: answer.headers,
        text: redactToken(whole.toString('utf8'), target.token),
      };
      if (RETRYABLE.has(raw.status)) throw retryable(errorFrom(raw));
      const judged = interpret(raw);
      if (!judged.records) throw new PartnerApiError('not-partner-api', apiText('partner.checkApiPath'));
      const nothing = () => {};
      const text = Buffer.from(raw.text);
      return {
        status: judged.status,
        url,
        first: [text],
        rest: null,
        length: text.length,
        signal: own.signal,
        done: nothing,
        stop: nothing,
      };
    }
  } catch (error) {
    // An answer not read to its end is let go (a whole one has given its connection back already).
    if (!answer?.complete) own.abort();
    throw error;
  } finally {
    signal.removeEventListener('abort', follow);
    cancel?.removeEventListener('abort', follow);
  }
  // The rest flows as it arrives; past the call's time (the portal stops at 60 s) it is cut off.
  const stall = setTimeout(
    () => own.abort(new Error('body timeout')),
    Math.max(1000, Math.min(settings.totalBudgetMs, PORTAL_HARD_LIMIT_MS) - (Date.now() - started)),
  );
  return {
    status: 200,
    url,
    first: head.chunks,
    rest: answer,
    length: /^\d+$/.test(answer.headers['content-length'] ?? '') ? Number(answer.headers['content-length']) : null,
    signal: own.signal,
    done: () => clearTimeout(stall),
    stop: () => {
      clearTimeout(stall);
      own.abort();
    },
  };
}

/** An opened answer as a web stream (for a route handler's Response): the Node stream below, made a web one. */
function webBody(opened: OpenedList, target: PortalTarget, settings: ClientSettings): ReadableStream<Uint8Array> {
  return Readable.toWeb(nodeBody(opened, target, settings)) as ReadableStream<Uint8Array>;
}

/** Where an opened answer flows: its parts as they pass, its end (with the bytes held back), its failure. */
interface Sink {
  /** false once the sink wants no more for now (the portal's answer is paused until `go` again). */
  write(part: Uint8Array): boolean;
  end(tail: Uint8Array): void;
  fail(error: PartnerApiError): void;
}

/**
 * An opened answer flowing into a sink as the portal's answer emits it: the token cut out and the
 * size counted per chunk (no promise per chunk), paused while the sink is full. Failures are the
 * client's own errors (over the cap, out of time, broken off); an answer that ends before its end is
 * one, never a shorter list that looks whole. `stop` (the reader went away) lets the portal's answer go.
 */
function flow(opened: OpenedList, target: PortalTarget, settings: ClientSettings, sink: Sink) {
  const { first, rest } = opened;
  const cutter = tokenCutter(target.token, settings.maxBytes);
  let started = false;
  let ended = false;
  // A reader that takes nothing for `readerStallMs` while its side is full is cut: the portal's
  // socket (one of the session's share) is not held for a reader that does not read.
  let stalled: ReturnType<typeof setTimeout> | undefined;
  const waitForReader = () => {
    stalled ??= setTimeout(() => {
      stalled = undefined;
      fail(new PartnerApiError('cancelled', apiText('partner.readerStalled')));
    }, settings.readerStallMs);
  };
  const readerTook = () => {
    clearTimeout(stalled);
    stalled = undefined;
  };
  // The last two bytes that are not white space, of everything passed: an envelope that closed
  // ends in `}` after the end of a value (`}}` as the portal writes it, `"}` or `1}` with a member
  // after `response`; see VALUE_END). Kept per chunk from its end (a byte or two looked at), not by following the
  // JSON through (a byte-by-byte walk would double the read's CPU): an answer cut right after a
  // record's `}` still looks closed.
  let last = 0;
  let beforeLast = 0;
  const note = (chunk: Uint8Array) => {
    for (let i = chunk.length - 1, seen = 0; i >= 0 && seen < 2; i--) {
      const b = chunk[i]!;
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      if (seen === 0) {
        beforeLast = last;
        last = b;
      } else beforeLast = b;
      seen++;
    }
  };
  // The last two chunks passed (views, not copies): at the end, what follows `data` is read from them.
  let previous: Uint8Array = EMPTY;
  let latest: Uint8Array = EMPTY;
  const pass = (chunk: Uint8Array) => {
    note(chunk);
    previous = latest;
    latest = chunk;
    let more = true;
    for (const part of cutter.push(chunk)) more = sink.write(part);
    return more;
  };
  const detach = () => rest?.off('data', onData).off('end', onEnd).off('error', fail).off('close', onClose);
  const stop = () => {
    readerTook();
    detach();
    // Let go of the portal's answer unless it came whole.
    if (!ended) opened.stop();
  };
  const fail = (error: Error) => {
    // Judged before the portal's answer is let go (letting go aborts the call's signal: "out of time").
    const failure = error instanceof StreamTooLarge ? tooLarge(settings.maxBytes) : brokeOff(error, opened.signal);
    opened.done();
    stop();
    sink.fail(failure);
  };
  const onData = (chunk: Buffer) => {
    try {
      if (!pass(chunk)) {
        rest!.pause();
        waitForReader();
      }
    } catch (error) {
      fail(error as Error);
    }
  };
  const onEnd = () => {
    // An answer that ended cleanly but did not close its envelope broke off on the way: an error,
    // never a clean end (a browser's parse would catch it; a script's reader might not).
    if (rest && (last !== 0x7d || !VALUE_END.has(beforeLast)))
      return fail(new PartnerApiError('not-partner-api', apiText('partner.unclosed')));
    // A status said again after the list (the head had one under 400): a 401 is a refused token,
    // anything else a body that lies; either way never a clean end.
    const late = rest ? statusAfterList(previous, latest) : null;
    if (late === 401) return fail(errorFrom({ status: 401, headers: rest!.headers }));
    if (late !== null) return fail(new PartnerApiError('not-partner-api', apiText('partner.twoStatuses')));
    ended = true;
    readerTook();
    opened.done();
    detach();
    sink.end(cutter.end());
  };
  const onClose = () => {
    if (!ended) fail(new Error("the portal's answer ended before its end"));
  };
  return {
    /** Starts the flow, or lets it go on after the sink was full. */
    go() {
      readerTook();
      if (!started) {
        started = true;
        try {
          for (const chunk of first) pass(chunk);
        } catch (error) {
          return fail(error as Error);
        }
        if (!rest) return onEnd();
        rest.on('data', onData).on('end', onEnd).on('error', fail).on('close', onClose);
        // Gone while it waited for its reader: the same as broken off.
        if (rest.destroyed && !rest.complete) return onClose();
      }
      rest?.resume();
    },
    stop,
  };
}

const EMPTY = new Uint8Array(0);

/**
 * A `status` member after the envelope's list, read from the answer's last bytes (up to 8 KB, past
 * the last `]`): its value (NaN when not a number), or null when there is none.
 */
function statusAfterList(previous: Uint8Array, latest: Uint8Array): number | null {
  const bytes = Buffer.concat([previous, latest]);
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 8192));
  const after = tail.slice(tail.lastIndexOf(']') + 1);
  for (const m of after.matchAll(KEY_AND_VALUE)) {
    let key: string;
    try {
      key = JSON.parse(`"${m[1]}"`) as string;
    } catch {
      continue;
    }
    if (key === 'status') return m[2] !== undefined ? Number(m[2]) : NaN;
  }
  return null;
}

/** A member's key (as written, escapes and all) and the number its value starts with, if any. */
const KEY_AND_VALUE = /"((?:[^"\\]|\\.)*)"\s*:\s*"?(-?\d+)?/g;

/**
 * Bytes the last member of a closed envelope may end in: `}` (`response` itself), `"`, a digit, `e`
 * (true, false), `l` (null) for a member after it; not `]` (`…]}` is `data` and `response` closed,
 * the envelope not).
 */
const VALUE_END = new Set([0x7d, 0x22, 0x65, 0x6c, ...Array.from({ length: 10 }, (_, i) => 0x30 + i)]);

/** An opened answer as a Node stream, read only as fast as its reader takes it; destroyed, it lets the portal's answer go. */
function nodeBody(opened: OpenedList, target: PortalTarget, settings: ClientSettings): Readable {
  const body: Readable = new Readable({
    read: () => flowing.go(),
    destroy(error, callback) {
      flowing.stop();
      callback(error);
    },
  });
  const flowing = flow(opened, target, settings, {
    write: (part) => body.push(part),
    end(tail) {
      if (tail.length > 0) body.push(tail);
      body.push(null);
    },
    fail: (error) => body.destroy(error),
  });
  return body;
}

/** Passes an opened answer on to a writable (see `streamInto`); `done` is told once, with the failure if one. */
export type PipeOpened = (out: Writable, done: (error: PartnerApiError | null) => void) => void;

/**
 * An opened answer written straight into a Node writable (the browser's response), in the portal
 * answer's own `data` handler, with no stream between (a Readable in the middle costs its own
 * buffering and ticks per chunk). An answer that breaks off destroys the writable (never ended as
 * if whole); a writable gone before the end lets the portal's answer go.
 */
function pipeInto(opened: OpenedList, target: PortalTarget, settings: ClientSettings): PipeOpened {
  return (out, done) => {
    let told = false;
    const tell = (error: PartnerApiError | null) => {
      if (told) return;
      told = true;
      out.off('drain', flowing.go).off('close', gone);
      done(error);
    };
    const flowing = flow(opened, target, settings, {
      write: (part) => out.write(part),
      end: (tail) => out.end(tail.length > 0 ? tail : undefined),
      fail(error) {
        out.destroy();
        tell(error);
      },
    });
    const gone = () => {
      flowing.stop();
      tell(null);
    };
    // Gone before its answer was given to it: the portal's answer is let go.
    if (out.destroyed) return gone();
    out.on('close', gone).on('drain', flowing.go);
    flowing.go();
  };
}

function cancelled() {
  return new PartnerApiError('cancelled', apiText('partner.cancelled'));
}

function tooLarge(max: number) {
  return new PartnerApiError('too-large', apiText('partner.tooLarge'), {
    details: apiText('partner.tooLargeDetails', { mb: String(Math.round(max / 1024 / 1024)) }),
  });
}

function networkError(error: unknown, message = apiText('partner.unreachable')): PartnerApiError {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  // The call's signal ends a request with an AbortError: its time ran out (a reader that left is
  // told apart by `guarded`, as `cancelled`).
  if (e.name === 'AbortError') {
    return new PartnerApiError('timeout', apiText('partner.timeout'), {
      details: apiText('partner.timeoutDetails'),
    });
  }
  if (code === 'EREFUSEDADDRESS' || /refused address/.test(e.message ?? '')) {
    return new PartnerApiError('refused-address', apiText('partner.refusedAddress'));
  }
  return new PartnerApiError('unreachable', message, { details: code || e.message || undefined });
}

function readRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Parses the body and applies "the body's status wins". */
function interpret(raw: { status: number; headers: Record<string, string | string[] | undefined>; text: string }): {
  status: number;
  body: unknown;
  records: unknown[] | null;
} {
  let body: unknown;
  try {
    body = JSON.parse(raw.text);
  } catch {
    const type = String(raw.headers['content-type'] ?? '');
    throw new PartnerApiError(
      'not-partner-api',
      apiText(type.includes('html') ? 'partner.webPage' : 'partner.notJson'),
      { status: raw.status, details: apiText('partner.checkApiPath') },
    );
  }
  const envelope = anyEnvelopeSchema.safeParse(body);
  const status = envelope.success ? envelope.data.response.status : raw.status;
  if (envelope.success) {
    // A status said twice (before `data`, or once before and again after it: JSON.parse keeps the
    // last) is not trusted: a 401 among them is a refused token, anything else not the partner API.
    const said = readEnvelopeHead(raw.text).statuses;
    if (said.length > 1 || (said.length === 1 && said[0] !== status)) {
      if (said.includes(401) || status === 401) throw errorFrom({ ...raw, status: 401, body });
      throw new PartnerApiError('not-partner-api', apiText('partner.twoStatuses'), {
        status: raw.status,
        details: apiText('partner.checkApiPath'),
      });
    }
  }
  if (status >= 400) throw errorFrom({ ...raw, status, body });
  const data = envelope.success ? envelope.data.response.data : undefined;
  return { status, body, records: Array.isArray(data) ? data : null };
}

function errorFrom(raw: {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  text?: string;
}): PartnerApiError {
  let body = raw.body;
  if (body === undefined && raw.text) {
    try {
      body = JSON.parse(raw.text);
    } catch {
      body = undefined;
    }
  }
  const envelope = anyEnvelopeSchema.safeParse(body);
  const r = envelope.success ? envelope.data.response : undefined;
  // The portal's own message as it sent it; Rooster's words only when it sent none.
  return new PartnerApiError('upstream', r?.message || apiText('partner.status', { status: String(raw.status) }), {
    status: raw.status >= 400 ? raw.status : (r?.status ?? raw.status),
    details: r?.details ?? undefined,
    eventId: r?.eventId ?? null,
    retryAfter: readRetryAfter(raw.headers['retry-after']),
  });
}

/** Opens a GET for streaming, under the retry and timeout policies and the breaker. */
function openGet(target: PortalTarget, path: string, query: URLSearchParams | undefined, settings: ClientSettings) {
  const url = upstreamUrl(target, path, query);
  const started = Date.now();
  return guarded(target, 'GET', path, settings, (signal, cancel) =>
    openStream(target, url, signal, cancel, settings, started),
  );
}

/** Opens a streamed GET and gives its body in the reader's form (a web or a Node stream). */
async function streamAs<B>(
  toBody: (opened: OpenedList, target: PortalTarget, settings: ClientSettings) => B,
  target: PortalTarget,
  path: string,
  query: URLSearchParams | undefined,
  overrides: Partial<ClientSettings>,
) {
  const settings = { ...defaults, ...overrides };
  const opened = await openGet(target, path, query, settings);
  const { status, url, durationMs, attempts, length } = opened;
  return { status, url, durationMs, attempts, length, body: toBody(opened, target, settings) };
}

/** A streamed GET in one body flavour: `(target, path, query, overrides)` opened by `streamAs`. */
const streamed =
  <B>(toBody: (opened: OpenedList, target: PortalTarget, settings: ClientSettings) => B) =>
  (target: PortalTarget, path: string, query: URLSearchParams | undefined, overrides: Partial<ClientSettings> = {}) =>
    streamAs(toBody, target, path, query, overrides);

/**
 * A GET whose answer is passed on as the portal sends it (the envelope), token cut out and size
 * capped as it flows. Retries, timeouts and the breaker act before the first byte; a failure after
 * it errors the stream (the browser sees an answer that broke off).
 */
export const stream = streamed(webBody);

/** The same read as `stream`, its body a Node stream (for the readers of records: readListBatches). */
export const streamNode = streamed(nodeBody);

/**
 * The same read as `stream`, its body written straight into a Node writable by `body(out, done)`
 * (for the front layer, lib/proxy/partner-stream-front.server.ts: the portal's bytes to the browser's socket).
 */
export const streamInto = streamed(pipeInto);
