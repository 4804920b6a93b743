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
  return connectionId === undefined ? counts.size : (counts.get(connectionId) ?? 0);
}

/**
 * Takes one of the connection's heavy-read slots, or refuses with 429. The release it returns
 * frees the slot once, however often it is called; an empty count leaves the map (it never grows
 * with connections that are done).
 */
export function takeHeavyRead(connectionId: string, limit = serverEnv().HEAVY_READS_PER_SESSION): () => void {
  const counts = inFlight();
  const now = counts.get(connectionId) ?? 0;
  if (now >= limit)
    throw new HttpError(429, apiText('proxy.tooManyHeavyReads', { max: limit, seconds: RETRY_AFTER_SECONDS }), {
      retryAfter: RETRY_AFTER_SECONDS,
    });
  counts.set(connectionId, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(connectionId) ?? 1) - 1;
    if (left > 0) counts.set(connectionId, left);
    else counts.delete(connectionId);
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
