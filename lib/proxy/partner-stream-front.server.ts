import 'server-only';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { parse as parseCookies } from 'cookie';
import type { NextResponse } from 'next/server';
import { apiTranslator } from '@/lib/api/api-text';
import { BODY_HEADER, CONNECTION_HEADER, META_HEADER } from '@/lib/api/contract';
import { serverEnv } from '@/lib/env.server';
import { LOCALE_COOKIE, pickLocale } from '@/lib/i18n/locales';
import { isResourceName, type ResourceName } from '@/lib/partner-api/catalog';
import { largeLists } from '@/lib/partner-api/large-lists';
import { streamListInto } from '@/lib/partner-api/client.server';
import { judgeSession, openSeal, type SessionData } from '@/lib/session/seal.server';
import {
  isRemovedConnection,
  renewalDue,
  sessionCookie,
  sessionReading,
  withoutConnection,
} from '@/lib/session/session.server';
import { forgetPartner, targetFor, type ActiveConnection } from '@/lib/connection/connection.server';
import { portalFailure } from '@/lib/connection/route.server';
import { failure, sameOriginProblem } from '@/lib/platform/api.server';
import { takeReadSlots } from '@/lib/platform/heavy-reads.server';
import { log } from '@/lib/platform/log.server';
import type { Front } from '@/lib/platform/request-hooks.server';
import { SECURITY_HEADERS } from '@/lib/security-headers.mjs';
import { dropIfRefused, plan, streamMeta } from './partner-read.server';

// The streamed partner list reads (`GET /api/partner/<list>` neither narrowed nor raw: the
// whole-school week, the explorer's lists, the exports' pages) answered in front of Next's request
// handler, in the same process and with the same modules as the route (app/api/partner): the same
// same-origin check, session, rights and bounds (`plan`), heavy-read slot, upstream call
// (`streamListInto`, the partner-API client's) and failure answers (`failure`). What it leaves out
// is Next's per-request machinery (routing, the web Request/Response and stream conversion, the
// app-router wrappers), which cost more CPU than passing on a megabyte, and the session cookie's
// PBKDF2 on every request: a seal, once opened, is kept for a minute (its connections are still
// judged on every request: expiry and removal, so a disconnected connection is refused at once).
//
// Anything it does not answer whole goes to Next unchanged, before anything was written or taken:
// another path or method (HEAD included), a narrowed or raw read, no or an unusable session (Next
// answers the 401 in words), a switched connection (409), a stay-connected session due for renewal
// (Next sets the cookie). PARTNER_FRONT=off leaves every request to Next.
//
// It is one step of lib/platform/request-hooks.server.ts, which places it in front of Next's
// listener (after the peer address and the method check); instrumentation.ts hands it over.

const PREFIX = '/api/partner/';

/** The headers Next adds to every answer (next.config.mjs `headers()`): the one list, lower-cased. */
const SECURITY: Record<string, string> = Object.fromEntries(
  SECURITY_HEADERS.map((h) => [h.key.toLowerCase(), h.value]),
);

/** Next's Vary on every app-router answer. */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/** An opened seal is kept this long, and at most this many (the least recently used leave first). */
const OPENED_TTL_MS = 60_000;
const OPENED_MAX = 1000;

/** The list a request reads, when it is one this layer may answer (a GET of a catalogue list). */
export function streamedRead(method: string | undefined, url: string | undefined): ResourceName | null {
  if (method !== 'GET' || !url?.startsWith(PREFIX) || url.includes('#')) return null;
  const query = url.indexOf('?');
  const name = url.slice(PREFIX.length, query === -1 ? undefined : query);
  return isResourceName(name) ? name : null;
}

/** The layer's handler for the request hooks (instrumentation.ts), or null with PARTNER_FRONT=off. */
export function partnerFront(): Front | null {
  return serverEnv().PARTNER_FRONT === 'off' ? null : answerStreamedRead;
}

// Made once: what does not depend on the request.
let reading: ReturnType<typeof sessionReading> | undefined;
const opened = new Map<string, { raw: Partial<SessionData>; until: number }>();

/**
 * A seal's contents, PBKDF2 run once per cookie value per minute. Safe to keep: the value is the
 * key (a changed cookie is another key), only seals that opened are kept, every connection's
 * lifetime and removal are judged again per request, and no connection outlives its seal.
 */
export async function openSealKept(seal: string, now = Date.now()): Promise<Partial<SessionData>> {
  reading ??= sessionReading();
  const kept = opened.get(seal);
  if (kept && kept.until > now) {
    opened.delete(seal);
    opened.set(seal, kept);
    return kept.raw;
  }
  const raw = await openSeal(seal, reading.secrets, reading.lifetimes);
  if (raw.v === 1) {
    opened.delete(seal);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(seal, { raw, until: now + OPENED_TTL_MS });
  }
  return raw;
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
};

/** The connection a request's cookie opens, when it opens one this layer may use; else null. */
/** The request's cookies by name (the first of a name, as the session reads them). */
function cookieMap(header: string | null | undefined): Map<string, string> {
  const parsed = parseCookies(header ?? '');
  return new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

async function activeConnection(req: IncomingMessage, cookies: Map<string, string>): Promise<ActiveConnection | null> {
  reading ??= sessionReading();
  const seal = cookies.get(reading.name);
  if (!seal) return null;
  const state = await judgeSession(await openSealKept(seal), reading.lifetimes, isRemovedConnection);
  if (state.status !== 'ok') return null;
  const connection = state.data.connections.find((c) => c.id === state.data.activeId)!;
  const target = targetFor(connection);
  if (!target) return null;
  const expected = header(req, CONNECTION_HEADER);
  if (expected && expected !== connection.id) return null;
  if (renewalDue(state.data)) return null;
  return { session: state.data, connection, target };
}

/** The answer to a streamed read, or false (nothing written) where Next is to answer. */
export function answerStreamedRead(req: IncomingMessage, res: ServerResponse): Promise<boolean> | false {
  const resource = streamedRead(req.method, req.url);
  if (!resource) return false;
  const headers = { get: (name: string) => header(req, name) };
  if (sameOriginProblem({ method: 'GET', headers })) return false;
  return answer(req, res, resource);
}

async function answer(req: IncomingMessage, res: ServerResponse, resource: ResourceName): Promise<boolean> {
  const started = performance.now();
  const url = req.url!;
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const search = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  const cookies = cookieMap(header(req, 'cookie'));
  const active = await activeConnection(req, cookies);
  if (!active) return false;
  const requestId = randomUUID();
  const logged = (status: number) =>
    log.info(
      {
        requestId,
        method: 'GET',
        route: pathname,
        status,
        durationMs: Math.round(performance.now() - started),
        front: true,
      },
      'request',
    );
  let release = () => {};
  // A browser gone before its answer began: the portal's read is let go at once, its slot given back.
  const leaving = new AbortController();
  const leave = () => leaving.abort();
  res.once('close', leave);
  let opened;
  let planned;
  try {
    planned = await plan(active, resource, search);
    if (planned.wantsRaw || planned.narrowing) return false;
    // Every streamed read takes a slot of its session; a large list a heavy-read slot besides.
    release = await takeReadSlots(active.connection.id, largeLists[resource] !== undefined);
    opened = await streamListInto(active.target, resource, planned.query, {
      timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS,
      cancel: leaving.signal,
    });
  } catch (error) {
    release();
    // Nobody is left to answer.
    if (leaving.signal.aborted) return true;
    // A token the portal refused: the connection leaves the session, as the route's failure does it.
    const dropped: Awaited<ReturnType<typeof sessionCookie>>[] = [];
    const drop = async () => {
      await forgetPartner(active.connection.id);
      dropped.push(await sessionCookie(await withoutConnection(active.session, active.connection.id)));
    };
    // Said in the request's language: only a failure has words to say.
    const t = apiTranslator(pickLocale(cookies.get(LOCALE_COOKIE), header(req, 'accept-language')));
    const response = (await failure(error, requestId, t, portalFailure(drop))) as NextResponse;
    for (const c of dropped) response.cookies.set(c.name, c.value, c.options);
    logged(response.status);
    await send(req, res, response);
    return true;
  }
  // Open: from here the answer's own close handling takes over (an abort makes a DOMException with a stack).
  res.off('close', leave);
  const meta = streamMeta(resource, planned.query, opened);
  res.writeHead(200, {
    ...SECURITY,
    vary: NEXT_VARY,
    'content-type': 'application/json; charset=utf-8',
    // Passed on as it arrives, not compressed here: see streamProxiedList.
    'cache-control': 'no-store, no-transform',
    [BODY_HEADER]: 'envelope',
    [META_HEADER]: JSON.stringify(meta),
    // The portal's length passes on (the token's mask keeps it): no chunk framing per write.
    ...(opened.length !== null ? { 'content-length': String(opened.length) } : {}),
  });
  logged(200);
  // Written as the reader takes it (the portal's answer paused while the browser is full); a reader
  // gone (also before this), or a portal's answer broken off, ends both sides at once: the portal's answer let go, the
  // slot given back, the browser's answer cut short (never ended as if whole).
  opened.body(res, (error) => {
    if (error) log.warn({ requestId, route: pathname, error: error.message }, 'answer broke off');
    release();
    // The token refused at the answer's end: the connection is dropped, as on every other 401.
    if (error) void dropIfRefused(active, error);
  });
  return true;
}

/**
 * Next's compression (its default `compress: true` uses this package, compiled into next/dist):
 * the failure answers compressed as Next compresses them.
 */
const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A web Response (a failure's answer in words) written as Next writes it: its headers, compressed where asked. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string | string[]> = { ...SECURITY, vary: NEXT_VARY };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  compress(req, res, () => {});
  res.writeHead(response.status, out);
  res.end(body);
}
