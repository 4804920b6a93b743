import 'server-only';
import type { IncomingMessage } from 'node:http';
import { apiText } from '@/lib/api/api-text';
import { PartnerApiError } from '../errors';
import { readEnvelopeHead } from '../envelope-head';
import { redactToken } from '../stream-guard';
import { guarded, openAnswer, readAll, RETRYABLE, retryable, upstreamUrl } from './call.server';
import { PORTAL_HARD_LIMIT_MS, type ClientSettings, type PortalTarget } from './settings.server';
import { brokeOff, errorFrom, interpret, tooLarge } from './wire-errors.server';

// Opening a streamed read: its head read and judged inside the attempt (retries and the breaker
// act before the first byte is passed on), the rest left paused. Apart from stream.server.ts,
// which lets the opened answer flow to its reader.

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
export interface OpenedList {
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

/** Opens a GET for streaming, under the retry and timeout policies and the breaker. */
export function openGet(
  target: PortalTarget,
  path: string,
  query: URLSearchParams | undefined,
  settings: ClientSettings,
) {
  const url = upstreamUrl(target, path, query);
  const started = Date.now();
  return guarded(target, 'GET', path, settings, (signal, cancel) =>
    openStream(target, url, signal, cancel, settings, started),
  );
}
