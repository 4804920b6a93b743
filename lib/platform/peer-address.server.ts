import 'server-only';
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { serverEnv } from '@/lib/env.server';
import { clientAddressOf } from '@/lib/net/client-address';
import { processSingleton } from './singleton.server';

// The socket's peer address, which a route handler is not given: Next's own `x-forwarded-for` is
// set from the socket only when the client sent none, so a client chooses it. Node's
// `http.server.request.start` diagnostics channel sees every request with its socket before Next
// does; it writes the peer into a header of our own, overwriting whatever a client put there, and
// marks it with a mark made at start (a request that arrived before the subscription carries no
// valid mark and counts as `unknown`).

export const PEER_HEADER = 'x-rooster-peer';

const mark = () => processSingleton('peer-mark', () => randomBytes(12).toString('base64url'));

/** Subscribes once per process (from instrumentation.ts, and again harmlessly from the routes). */
export function stampPeerAddresses(): void {
  processSingleton('peer-subscribed', () => {
    const own = mark();
    subscribe('http.server.request.start', (message) => {
      const { request, socket } = message as { request: IncomingMessage; socket: Socket };
      request.headers[PEER_HEADER] = `${own} ${socket.remoteAddress ?? ''}`;
    });
    return true;
  });
}

/** The peer from our header, when it carries this process's mark. */
export function peerFrom(header: string | null): string | null {
  const [given, address] = (header ?? '').split(' ');
  return given === mark() && address ? address : null;
}

/** The address per-client limits are keyed by (see `clientAddressOf` and TRUSTED_PROXIES). */
export function requestClientAddress(headers: Headers): string {
  stampPeerAddresses();
  return clientAddressOf(
    peerFrom(headers.get(PEER_HEADER)),
    headers.get('x-forwarded-for'),
    serverEnv().TRUSTED_PROXIES,
  );
}
