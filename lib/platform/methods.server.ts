import 'server-only';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiText, apiTranslator, say } from '@/lib/api/api-text';
import { errorAnswer, METHOD_HEADER, methodNotAllowed, type PlainAnswer } from '@/lib/api/methods';
import { LOCALE_COOKIE, pickLocale } from '@/lib/i18n/locales';

// Methods Next cannot take in, answered before they reach it:
// - TRACE and TRACK: fetch's Request refuses them, so Next answers 500 with a stack. Carried to
//   proxy.ts as OPTIONS (harmless wherever it lands) with the real one in METHOD_HEADER.
// - CONNECT: Node hands it to the server's 'connect' event, which Next does not listen to, so the
//   socket was just closed. Answered here.
// - A verb Node's parser does not know (`BREW`): a client error, which Node answered with a bare
//   400. Answered here with a 405 (other unreadable requests keep Node's status, in our shape).
// - An absolute-form target (`GET http://host/path HTTP/1.1`, as to a proxy): for our own host (the
//   one the request's Host names) it is taken as its path; for any other host it is a 400 in words
//   (Next answered a 308 to the foreign host).
// Plain functions, called by request-hooks.server.ts (step 2 of its order): `checkMethod` on every
// request before Next sees it, `answeredForeignTarget` first among its request listeners, and
// `answerAtSocket` once per server.

const UNREQUESTABLE = new Set(['TRACE', 'TRACK', 'CONNECT']);
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

function raw(answer: PlainAnswer): string {
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${answer.status} ${STATUS_TEXT[answer.status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${answer.body}`;
}

const localeCookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

function localeOf(cookie: string | undefined, acceptLanguage: string | undefined) {
  return pickLocale(localeCookie.exec(cookie ?? '')?.[1], acceptLanguage);
}

/** A header of a request Node could not parse, read from the bytes it had (null when absent). */
function rawHeader(packet: string, name: string): string | undefined {
  return new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*)`, 'i').exec(packet)?.[1];
}

/** What a request Node could not parse gets: a 405 for an unknown verb, else Node's status. */
export function clientErrorAnswer(error: { code?: string; rawPacket?: Buffer }): PlainAnswer {
  const packet = error.rawPacket?.toString('latin1') ?? '';
  const locale = localeOf(rawHeader(packet, 'cookie'), rawHeader(packet, 'accept-language'));
  if (error.code === 'HPE_INVALID_METHOD') return methodNotAllowed(packet.split(' ', 1)[0] ?? '?', locale);
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? 413
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
  return errorAnswer(status, say(apiTranslator(locale), apiText('request.unreadable')));
}

/** Requests whose absolute-form target names a host that is not ours: answered 400 before Next. */
const foreignTargets = new WeakSet<IncomingMessage>();

/**
 * An absolute-form request target made origin-form when it names the host the request's Host
 * header names (ours); false for another host, or a target that is not a URL.
 */
export function ownTarget(request: Pick<IncomingMessage, 'url' | 'headers'>): boolean {
  const url = request.url ?? '';
  if (url.startsWith('/') || url === '*') return true;
  try {
    const target = new URL(url);
    const host = request.headers.host;
    if (!/^https?:$/.test(target.protocol) || !host) return false;
    if (target.host !== new URL(`${target.protocol}//${host}`).host) return false;
    request.url = `${target.pathname}${target.search}`;
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers a request `checkMethod` found naming another host (400 in words) and says true; says
 * false, having written nothing, for every other request.
 */
export function answeredForeignTarget(req: IncomingMessage, res: ServerResponse): boolean {
  if (!foreignTargets.has(req)) return false;
  const locale = localeOf(req.headers.cookie, req.headers['accept-language']);
  const answer = errorAnswer(400, say(apiTranslator(locale), apiText('request.foreignHost')));
  res.writeHead(answer.status, { ...answer.headers, connection: 'close' });
  res.end(answer.body);
  return true;
}

/** CONNECT and requests Node cannot parse, which never reach 'request': answered at the socket. */
export function answerAtSocket(server: Server): void {
  if (server.listenerCount('connect') === 0)
    server.on('connect', (req: IncomingMessage, socket: Duplex) => {
      socket.end(raw(methodNotAllowed('CONNECT', localeOf(req.headers.cookie, req.headers['accept-language']))));
    });
  if (server.listenerCount('clientError') === 0)
    server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
      const s = socket as Duplex & { bytesWritten?: number };
      if (s.writable && !s.bytesWritten) s.end(raw(clientErrorAnswer(error)));
      else s.destroy();
    });
}

/**
 * A request as Node parsed it, before Next sees it: a client's own method header dropped (only
 * ours arrives), a foreign absolute-form target marked (and our own made origin-form), TRACE and
 * TRACK carried in as OPTIONS with the real method in METHOD_HEADER.
 */
export function checkMethod(request: IncomingMessage): void {
  delete request.headers[METHOD_HEADER];
  if (!ownTarget(request)) foreignTargets.add(request);
  if (UNREQUESTABLE.has(request.method ?? '')) {
    request.headers[METHOD_HEADER] = request.method!;
    request.method = 'OPTIONS';
  }
}
