import 'server-only';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { serverEnv } from '@/lib/env.server';
import { clientAddressOf } from '@/lib/net/client-address';
import { processSingleton } from './singleton.server';

// The socket's peer address, which a route handler is not given: Next's own `x-forwarded-for` is
// set from the socket only when the client sent none, so a client chooses it. Every request, with
// its socket, comes here before Next sees it (`recordPeer`, step 1 of request-hooks.server.ts,
// which instrumentation.ts installs): the peer goes into a header of our own, overwriting whatever
// a client put there, marked with a mark made at start (a request that arrived before the hooks
// were installed carries no valid mark and counts as `unknown`).

export const PEER_HEADER = 'x-rooster-peer';

const mark = () => processSingleton('peer-mark', () => randomBytes(12).toString('base64url'));

/** Writes the socket's peer into our header, over any the client sent (from request-hooks.server.ts). */
export function recordPeer(request: IncomingMessage, socket: Socket): void {
  request.headers[PEER_HEADER] = `${mark()} ${socket.remoteAddress ?? ''}`;
}

/** The peer from our header, when it carries this process's mark. */
export function peerFrom(header: string | null): string | null {
  const [given, address] = (header ?? '').split(' ');
  return given === mark() && address ? address : null;
}

/** The address per-client limits are keyed by (see `clientAddressOf` and TRUSTED_PROXIES). */
export function requestClientAddress(headers: Headers): string {
  return clientAddressOf(
    peerFrom(headers.get(PEER_HEADER)),
    headers.get('x-forwarded-for'),
    serverEnv().TRUSTED_PROXIES,
  );
}
