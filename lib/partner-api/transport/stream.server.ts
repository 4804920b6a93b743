import 'server-only';
import { Readable, type Writable } from 'node:stream';
import { apiText } from '@/lib/api/api-text';
import { PartnerApiError } from '../errors';
import { StreamTooLarge, tokenCutter } from '../stream-guard';
import { defaults, type ClientSettings, type PortalTarget } from './settings.server';
import { openGet, type OpenedList } from './stream-open.server';
import { brokeOff, errorFrom, tooLarge } from './wire-errors.server';

// The streamed reads (`stream`, `streamNode`, `streamInto`): an opened answer flowing to its reader
// as a web stream, a Node stream or straight into a writable, token cut out and size capped as it
// flows, never ended as whole when it broke off. Apart from the buffered call: its own back-pressure.

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
