import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createHash } from 'node:crypto';
import { isPublicAddress } from '../addresses';
import type { PortalTarget } from './settings.server';
import { abortError } from './wire-errors.server';

// The sockets to school portals: the guarded DNS lookup, one keep-alive agent per scheme and
// trust, and each session's fair share of a portal's sockets. Apart because this state (agents,
// shares, parsed origins) must exist once, whatever kind of read sends the request.

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
export function originOf(url: string): { origin: string; protocol: string; hostname: string; port: string } {
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
export function send(
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
