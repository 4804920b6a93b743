import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request, type Dispatcher } from 'undici';
import { isPublicAddress } from './addresses';
import { Readable } from 'node:stream';
import { guardStream, tokenCutter } from './stream-guard';
import { PartnerApiError } from './errors';
import { apiText } from '@/lib/api/api-text';
import { pausedError, PortalBreakers, retryingCall } from './resilience.server';
import { stateStore } from '@/lib/platform/state/state.server';
import { log } from '@/lib/platform/log.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { anyEnvelopeSchema } from './schemas';

// The transport to a school portal (the endpoint reads are client.server.ts, the module others
// import). Every upstream call goes through `call()` or `stream()`:
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
  dispatcher?: Dispatcher;
  /**
   * Pauses calls to a portal base URL after repeated failures. null for connect attempts: anyone
   * may make those, so they must neither pause nor un-pause a portal for its connected users.
   */
  breaker: PortalBreakers | null;
}

export const PORTAL_HARD_LIMIT_MS = 60_000;

const defaults: ClientSettings = {
  timeoutMs: 30_000,
  totalBudgetMs: 55_000,
  maxAttempts: 3,
  maxBytes: 40 * 1024 * 1024,
  backoffBaseMs: 250,
  random: Math.random,
  // One per server process; an open breaker is written to the state store, so every instance pauses.
  breaker: processSingleton(
    'portal-breaker',
    () =>
      new PortalBreakers(
        {
          threshold: 5,
          coolDownMs: Number(process.env.PORTAL_COOLDOWN_SECONDS ?? 15) * 1000,
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

const agents = new Map<string, Agent>();
function dispatcherFor(trust: PortalTarget['trust']): Agent {
  let agent = agents.get(trust);
  if (!agent) {
    agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: 16,
      ...(trust === 'wildcard' ? { connect: { lookup: guardedLookup() as never } } : {}),
    });
    agents.set(trust, agent);
  }
  return agent;
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
  run: (signal: AbortSignal) => Promise<T>,
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
  const attempt = () =>
    policy.execute(async ({ signal }) => {
      attempts++;
      try {
        return await run(signal);
      } catch (error) {
        if (error instanceof PartnerApiError) throw error;
        throw new PartnerApiError('unreachable', apiText('partner.unreachable'), { details: String(error) });
      }
    });
  // One log line per upstream call: where, what, how it went; never the query (codes) or the token.
  const logged = { portal: new URL(target.baseUrl).origin, endpoint: path, method };
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
function countsAsPortalFailure(error: PartnerApiError): boolean {
  if (error.kind === 'upstream') return (error.info.status ?? 0) >= 500;
  return error.kind === 'unreachable' || error.kind === 'timeout' || error.kind === 'not-partner-api';
}

async function once(
  target: PortalTarget,
  method: string,
  url: string,
  signal: AbortSignal,
  settings: ClientSettings,
  form?: URLSearchParams,
) {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Rooster' };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: method as 'GET',
      headers: form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      body: form?.toString(),
      dispatcher: settings.dispatcher ?? dispatcherFor(target.trust),
      signal,
    });
  } catch (error) {
    throw networkError(error);
  }
  if (response.statusCode >= 300 && response.statusCode < 400) {
    await response.body.dump();
    throw new PartnerApiError('redirect', apiText('partner.redirect'), {
      details: apiText('partner.redirectDetails', { status: String(response.statusCode) }),
    });
  }
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > settings.maxBytes) {
    response.body.destroy();
    throw tooLarge(settings.maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > settings.maxBytes) {
        response.body.destroy();
        throw tooLarge(settings.maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof PartnerApiError) throw error;
    throw networkError(error, apiText('partner.broke'));
  }
  const text = redactToken(Buffer.concat(chunks).toString('utf8'), target.token);
  return { status: response.statusCode, headers: response.headers, text };
}

/**
 * How much of an answer is read before its first byte is passed on: the envelope's head, and a
 * small answer whole (read whole, it is judged as every other answer: a broken one is a 502).
 */
const HEAD_BYTES = 64 * 1024;
const ENVELOPE_START = /^\s*\{\s*"response"\s*:\s*\{/;

/**
 * A Node stream read one chunk at a time as it arrived. Its async iterator reads in paused mode,
 * where `read()` joins whatever is buffered into a new Buffer: under load that is a copy of most
 * of a megabyte answer per request, garbage the collector pays for on a large heap. Flowing mode
 * hands each chunk on as it is; the stream is paused while nobody asks for the next one.
 */
function chunksOf(body: Readable): AsyncIterator<Buffer, undefined> {
  const queue: Buffer[] = [];
  let ended = false;
  let failed: unknown = null;
  let wake: (() => void) | null = null;
  const woken = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  body.on('data', (chunk: Buffer) => {
    queue.push(chunk);
    body.pause();
    woken();
  });
  body.on('end', () => {
    ended = true;
    woken();
  });
  body.on('error', (error) => {
    failed = error;
    woken();
  });
  body.on('close', () => {
    if (!ended && !failed) failed = new Error('closed before its end');
    woken();
  });
  return {
    async next() {
      for (;;) {
        const chunk = queue.shift();
        if (chunk) return { done: false, value: chunk };
        if (failed) throw failed;
        if (ended) return { done: true, value: undefined };
        await new Promise<void>((resolve) => {
          wake = resolve;
          body.resume();
        });
      }
    },
  };
}

/** An answer opened for streaming: its first bytes read, the rest still to come (null: read whole). */
interface OpenedList {
  status: number;
  url: string;
  /** The bytes read to judge the answer (the whole answer, its token cut out, when `rest` is null). */
  first: Buffer;
  rest: AsyncIterator<unknown> | null;
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
  settings: ClientSettings,
  started: number,
): Promise<OpenedList> {
  const own = new AbortController();
  const follow = () => own.abort(signal.reason);
  signal.addEventListener('abort', follow, { once: true });
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Rooster' };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: 'GET',
      headers,
      dispatcher: settings.dispatcher ?? dispatcherFor(target.trust),
      signal: own.signal,
    });
  } catch (error) {
    signal.removeEventListener('abort', follow);
    throw networkError(error);
  }
  const fail = (error: PartnerApiError) => {
    signal.removeEventListener('abort', follow);
    response.body.destroy();
    return error;
  };
  if (response.statusCode >= 300 && response.statusCode < 400)
    throw fail(
      new PartnerApiError('redirect', apiText('partner.redirect'), {
        details: apiText('partner.redirectDetails', { status: String(response.statusCode) }),
      }),
    );
  if (Number(response.headers['content-length'] ?? 0) > settings.maxBytes) throw fail(tooLarge(settings.maxBytes));
  const chunks = chunksOf(response.body);
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size < HEAD_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value as Buffer);
      size += (next.value as Buffer).length;
      if (size > settings.maxBytes) throw tooLarge(settings.maxBytes);
    }
  } catch (error) {
    throw fail(error instanceof PartnerApiError ? error : networkError(error, apiText('partner.broke')));
  }
  const start = Buffer.concat(head);
  const text = start.toString('latin1');
  const bodyStatus = /"status"\s*:\s*(\d{3})/.exec(text.slice(0, text.search(/"data"\s*:\s*\[/)));
  const streamable =
    !ended &&
    response.statusCode === 200 &&
    ENVELOPE_START.test(text) &&
    /"data"\s*:\s*\[/.test(text) &&
    bodyStatus !== null &&
    Number(bodyStatus[1]) < 400;
  if (!streamable) {
    // Small, refused or not an envelope: read whole and judged as every other answer is.
    const rest: Buffer[] = [start];
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        rest.push(next.value as Buffer);
        size += (next.value as Buffer).length;
        if (size > settings.maxBytes) throw tooLarge(settings.maxBytes);
      }
    } catch (error) {
      throw fail(error instanceof PartnerApiError ? error : networkError(error, apiText('partner.broke')));
    }
    signal.removeEventListener('abort', follow);
    const raw = {
      status: response.statusCode,
      headers: response.headers,
      text: redactToken(Buffer.concat(rest).toString('utf8'), target.token),
    };
    if (RETRYABLE.has(raw.status)) throw retryable(errorFrom(raw));
    const whole = interpret(raw);
    if (!whole.records) throw new PartnerApiError('not-partner-api', apiText('partner.checkApiPath'));
    const nothing = () => {};
    return { status: whole.status, url, first: Buffer.from(raw.text), rest: null, done: nothing, stop: nothing };
  }
  signal.removeEventListener('abort', follow);
  // The rest flows as it arrives; past the call's time (the portal stops at 60 s) it is cut off.
  const stall = setTimeout(
    () => own.abort(new Error('body timeout')),
    Math.max(1000, Math.min(settings.totalBudgetMs, PORTAL_HARD_LIMIT_MS) - (Date.now() - started)),
  );
  return {
    status: 200,
    url,
    first: start,
    rest: chunks,
    done: () => clearTimeout(stall),
    stop: () => {
      clearTimeout(stall);
      own.abort();
    },
  };
}

/** An opened answer as a web stream (for a route handler's Response), the token guard after it. */
function webBody(opened: OpenedList, target: PortalTarget, settings: ClientSettings): ReadableStream<Uint8Array> {
  const { first, rest } = opened;
  if (!rest) return new Blob([new Uint8Array(first)]).stream();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
    },
    async pull(controller) {
      try {
        const next = await rest.next();
        if (next.done) {
          opened.done();
          controller.close();
        } else controller.enqueue(next.value as Buffer);
      } catch (error) {
        opened.done();
        controller.error(error);
      }
    },
    cancel() {
      opened.stop();
    },
  });
  return source.pipeThrough(guardStream(target.token, settings.maxBytes));
}

/**
 * An opened answer as a Node stream (for a plain `http.ServerResponse`): the same guard, run per
 * chunk without a web stream between, read only as fast as the reader takes it (backpressure);
 * destroyed, it lets the portal's answer go at once.
 */
function nodeBody(opened: OpenedList, target: PortalTarget, settings: ClientSettings): Readable {
  const { first, rest } = opened;
  if (!rest) return Readable.from([first], { objectMode: false });
  const cutter = tokenCutter(target.token, settings.maxBytes);
  let started = false;
  let ended = false;
  let reading = false;
  /** Pushes the parts; false once the reader wants no more for now. */
  const pushAll = (parts: Uint8Array[]) => {
    let more = true;
    for (const part of parts) more = body.push(part);
    return more;
  };
  const body: Readable = new Readable({
    read() {
      if (reading) return;
      reading = true;
      void (async () => {
        try {
          if (!started) {
            started = true;
            if (!pushAll(cutter.push(first))) return;
          }
          for (;;) {
            const next = await rest.next();
            if (body.destroyed) return;
            if (next.done) {
              ended = true;
              opened.done();
              const tail = cutter.end();
              if (tail.length > 0) body.push(tail);
              body.push(null);
              return;
            }
            if (!pushAll(cutter.push(next.value as Buffer))) return;
          }
        } catch (error) {
          opened.done();
          body.destroy(error as Error);
        } finally {
          reading = false;
        }
      })();
    },
    destroy(error, callback) {
      // Let go of the portal's answer unless it came whole (an abort then only costs an exception).
      if (!ended) opened.stop();
      callback(error);
    },
  });
  return body;
}

/**
 * A portal that echoes the Authorization header (into an error message, a partner name, a record)
 * must not carry the token on to the browser: every text read with a token has it cut out first.
 */
export function redactToken(text: string, token: string | undefined): string {
  return token && token.length >= 8 && text.includes(token) ? text.split(token).join('[token removed]') : text;
}

function tooLarge(max: number) {
  return new PartnerApiError('too-large', apiText('partner.tooLarge'), {
    details: apiText('partner.tooLargeDetails', { mb: String(Math.round(max / 1024 / 1024)) }),
  });
}

function networkError(error: unknown, message = apiText('partner.unreachable')): PartnerApiError {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
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
  return guarded(target, 'GET', path, settings, (signal) => openStream(target, url, signal, settings, started));
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
  const { status, url, durationMs, attempts } = opened;
  return { status, url, durationMs, attempts, body: toBody(opened, target, settings) };
}

/**
 * A GET whose answer is passed on as the portal sends it (the envelope), token cut out and size
 * capped as it flows. Retries, timeouts and the breaker act before the first byte; a failure after
 * it errors the stream (the browser sees an answer that broke off).
 */
export function stream(
  target: PortalTarget,
  path: string,
  query: URLSearchParams | undefined,
  overrides: Partial<ClientSettings> = {},
) {
  return streamAs(webBody, target, path, query, overrides);
}

/** The same read as `stream`, its body a Node stream (for the front layer, lib/proxy/partner-stream-front.server.ts). */
export function streamNode(
  target: PortalTarget,
  path: string,
  query: URLSearchParams | undefined,
  overrides: Partial<ClientSettings> = {},
) {
  return streamAs(nodeBody, target, path, query, overrides);
}
