import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { log } from './log.server';
import { answerAtSocket, answeredForeignTarget, checkMethod } from './methods.server';
import { recordPeer } from './peer-address.server';
import { processSingleton } from './singleton.server';

// Everything Rooster does to a request before Next sees it, in one place and one order. Node's
// `http.server.request.start` diagnostics channel (public, published before the server's 'request'
// event) is subscribed to once, and the server's 'request' listeners (Next's) are taken over once,
// the server being learnt from its first request. Each request then goes, in this order:
//   1. peer address recorded (peer-address.server.ts): our own header, before anything reads one;
//   2. method check (methods.server.ts): TRACE/TRACK carried in as OPTIONS, a client's own method
//      header dropped, an absolute-form target for another host answered 400;
//   3. the front layer, when one is given (lib/proxy/partner-stream-front.server.ts answers the
//      streamed partner reads; docs/decisions/0001-partner-front-layer.md);
//   4. Next's own listener, for every request 2 and 3 did not answer.
// CONNECT and requests Node cannot parse never reach 'request': methods.server.ts answers them at
// the socket (`answerAtSocket`), set up when the server is learnt.
//
// The front layer is given, not imported: lib/platform is the bottom layer and never imports a
// feature (lib/proxy), so instrumentation.ts, above both, composes them (`installRequestHooks`
// with the layer's handler). That keeps the one place that names the whole chain at the top.

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Answers a request and says true, or says false having written nothing (the next step answers it). */
export type Front = (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | false;

/** Takes the server's request listeners off; what it returns calls them as they were called. */
function takeListeners(server: Server): Listener {
  const behind = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  return (req, res) => {
    for (const listener of behind) listener.call(server, req, res);
  };
}

/** `front` first; a request it declines, or fails on before writing, goes on to `next` as it came. */
function throughFront(front: Front, next: Listener, req: IncomingMessage, res: ServerResponse): void {
  const answered = front(req, res);
  if (answered === false) return next(req, res);
  answered.then(
    (done) => {
      if (!done) next(req, res);
    },
    (error: unknown) => {
      const route = req.url?.split('?', 1)[0];
      log.error({ route, error: error instanceof Error ? error.message : 'unknown' }, 'front layer failed');
      if (!res.headersSent) next(req, res);
      else res.destroy();
    },
  );
}

/** Puts `front` before the server's request listeners (Next's), with nothing else in between. */
export function placeInFront(server: Server, front: Front): void {
  const next = takeListeners(server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => throughFront(front, next, req, res));
}

interface Hooks {
  /** The front layer (step 3), or null: every request that passes step 2 goes to Next. */
  front: Front | null;
}

/** Steps 2 to 4 in place of the server's request listeners, and the socket's answers. */
function takeOver(server: Server, hooks: Hooks): void {
  const next = takeListeners(server);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answeredForeignTarget(req, res)) return;
    const front = hooks.front;
    if (front) throughFront(front, next, req, res);
    else next(req, res);
  });
  answerAtSocket(server);
}

/**
 * Subscribes once per process (from instrumentation.ts, before the first request); `front` is
 * the front layer's handler (null or left out: none, as with PARTNER_FRONT=off).
 */
export function installRequestHooks(options: { front?: Front | null } = {}): void {
  // On globalThis: Next may load this module more than once in one process.
  const hooks = processSingleton<Hooks>('request-hooks', () => {
    const state: Hooks = { front: null };
    const servers = new WeakSet<Server>();
    subscribe('http.server.request.start', (message) => {
      const { request, socket, server } = message as { request: IncomingMessage; socket: Socket; server: Server };
      recordPeer(request, socket);
      checkMethod(request);
      if (!servers.has(server)) {
        servers.add(server);
        takeOver(server, state);
      }
    });
    return state;
  });
  if (options.front !== undefined) hooks.front = options.front;
}
