import 'server-only';
import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { HttpError } from './api.server';
import { processSingleton } from './singleton.server';

// Heavy reads (a large list, /liveschedule, an ICS week, every export) in flight per connection
// (a session's portal), in this instance: at most HEAVY_READS_PER_SESSION at once, so one session
// cannot tie up the server's memory and the portal's time; the next is refused with 429 and
// Retry-After rather than queued.

const RETRY_AFTER_SECONDS = 2;

const inFlight = () => processSingleton('heavy-reads', () => new Map<string, number>());

/** How many heavy reads a connection has in flight here (for tests and the load bench). */
export function heavyReadsInFlight(connectionId?: string): number {
  const counts = inFlight();
  return connectionId === undefined
    ? [...counts.keys()].filter((k) => !k.startsWith('stream:')).length
    : (counts.get(connectionId) ?? 0);
}

/**
 * Takes one of the connection's heavy-read slots, or refuses with 429. The release it returns
 * frees the slot once, however often it is called; an empty count leaves the map (it never grows
 * with connections that are done).
 */
export function takeHeavyRead(connectionId: string, limit = serverEnv().HEAVY_READS_PER_SESSION): () => void {
  return takeSlot(connectionId, limit, 'proxy.tooManyHeavyReads');
}

/**
 * Takes one of the connection's streamed-read slots (every read passed on as the portal's bytes,
 * large or not: twice HEAVY_READS_PER_SESSION), or refuses with 429: a session cannot open reads
 * without end and hold them unread. A large list takes a heavy-read slot besides.
 */
export function takeStreamedRead(connectionId: string, limit = 2 * serverEnv().HEAVY_READS_PER_SESSION): () => void {
  return takeSlot(`stream:${connectionId}`, limit, 'proxy.tooManyStreamedReads');
}

function takeSlot(key: string, limit: number, message: 'proxy.tooManyHeavyReads' | 'proxy.tooManyStreamedReads') {
  const counts = inFlight();
  const now = counts.get(key) ?? 0;
  if (now >= limit)
    throw new HttpError(429, apiText(message, { max: limit, seconds: RETRY_AFTER_SECONDS }), {
      retryAfter: RETRY_AFTER_SECONDS,
    });
  counts.set(key, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
}

/** A streamed read's slots: a streamed-read slot, and a heavy-read slot when `heavy`; one release for both. */
export function takeReadSlots(connectionId: string, heavy: boolean): () => void {
  const streamed = takeStreamedRead(connectionId);
  if (!heavy) return streamed;
  let large: () => void;
  try {
    large = takeHeavyRead(connectionId);
  } catch (error) {
    streamed();
    throw error;
  }
  return () => {
    large();
    streamed();
  };
}

/** Runs a heavy read in one of the connection's slots. */
export async function heavyRead<T>(connectionId: string, read: () => Promise<T>): Promise<T> {
  const release = takeHeavyRead(connectionId);
  try {
    return await read();
  } finally {
    release();
  }
}
