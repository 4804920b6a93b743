import 'server-only';
import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { HttpError } from './api.server';
import { processSingleton } from './singleton.server';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RedisStore } from './state/redis-store.server';
import { stateStore } from './state/state.server';

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

/**
 * Week reads (a staffing or cover read of one week of the school's lessons) one connection may
 * start per minute, in Redis across instances when it is set up. A request is charged all its
 * weeks before its first upstream call, so it is refused whole (429 with Retry-After) rather than
 * half-way with the weeks already read thrown away.
 */
export const WEEK_READS_PER_MINUTE = 160;

function weekLimiter(): RateLimiterAbstract {
  return processSingleton('week-reads', () => {
    const store = stateStore();
    const options = { points: WEEK_READS_PER_MINUTE, duration: 60, keyPrefix: 'rl:staffing:weeks' };
    // By kind, not instanceof (each route bundle has its own copy of the store's class).
    return store.kind === 'redis'
      ? new RateLimiterRedis({ ...options, storeClient: (store as RedisStore).client, useRedisPackage: true })
      : new RateLimiterMemory(options);
  });
}

/** Charges `weeks` week reads to the connection, or refuses the request with 429 before it reads anything. */
export async function chargeWeekReads(connectionId: string, weeks: number): Promise<void> {
  const limiter = weekLimiter();
  const refuse = (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return new HttpError(429, apiText('staffing.tooManyWeeks', { weeks, max: WEEK_READS_PER_MINUTE, seconds }), {
      retryAfter: seconds,
    });
  };
  const now = await limiter.get(connectionId);
  if ((now?.consumedPoints ?? 0) + weeks > WEEK_READS_PER_MINUTE) throw refuse(now?.msBeforeNext ?? 60_000);
  try {
    await limiter.consume(connectionId, weeks);
  } catch (error) {
    // A refusal is a RateLimiterRes (by shape: the limiter may come from another bundle's copy).
    const refused = error as Partial<RateLimiterRes> | null;
    if (typeof refused?.msBeforeNext !== 'number') throw error;
    // The limiter counted the refused points: given back, a refused request costs nothing.
    await limiter.reward(connectionId, weeks);
    throw refuse(refused.msBeforeNext);
  }
}
