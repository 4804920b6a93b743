import 'server-only';
import { randomUUID } from 'node:crypto';
import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { HttpError } from './api.server';
import { processSingleton } from './singleton.server';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { sharedLimiter } from './rate-limit.server';
import type { RedisStore } from './state/redis-store.server';
import { stateStore } from './state/state.server';

// Heavy reads (a large list, /liveschedule, an ICS week, every export) in flight per connection
// (a session's portal): at most HEAVY_READS_PER_SESSION at once, so one session cannot tie up the
// server's memory and the portal's time; the next is refused with 429 and Retry-After rather than
// queued. Every streamed read takes a streamed-read slot too (twice as many). With REDIS_URL the
// slots are shared by every instance (a sorted set per connection in Redis: one member per slot,
// scored by when it lapses, renewed while held, so an instance that dies gives its slots back
// within SLOT_TTL_MS); without it, or while Redis cannot be reached, each instance counts its own.

const RETRY_AFTER_SECONDS = 2;
/** A slot an instance holds is renewed this often, and lapses this long after its last renewal. */
const SLOT_RENEW_MS = 20_000;
const SLOT_TTL_MS = 60_000;
/** How long a slot waits for Redis before the instance's own count decides. */
const SHARED_WAIT_MS = 500;

const inFlight = () => processSingleton('heavy-reads', () => new Map<string, number>());

/** How many heavy reads a connection has in flight here (for tests and the load bench). */
export function heavyReadsInFlight(connectionId?: string): number {
  const counts = inFlight();
  return connectionId === undefined
    ? [...counts.keys()].filter((k) => !k.startsWith('stream:')).length
    : (counts.get(connectionId) ?? 0);
}

type Message = 'proxy.tooManyHeavyReads' | 'proxy.tooManyStreamedReads';

/**
 * Takes one of the connection's heavy-read slots, or refuses with 429. The release it returns
 * frees the slot once, however often it is called; an empty count leaves the map (it never grows
 * with connections that are done).
 */
export function takeHeavyRead(connectionId: string, limit = serverEnv().HEAVY_READS_PER_SESSION): Promise<() => void> {
  return takeSlot(connectionId, limit, 'proxy.tooManyHeavyReads');
}

/**
 * Takes one of the connection's streamed-read slots (every read passed on as the portal's bytes,
 * large or not: twice HEAVY_READS_PER_SESSION), or refuses with 429: a session cannot open reads
 * without end and hold them unread. A large list takes a heavy-read slot besides.
 */
export function takeStreamedRead(
  connectionId: string,
  limit = 2 * serverEnv().HEAVY_READS_PER_SESSION,
): Promise<() => void> {
  return takeSlot(`stream:${connectionId}`, limit, 'proxy.tooManyStreamedReads');
}

const refusal = (limit: number, message: Message) =>
  new HttpError(429, apiText(message, { max: limit, seconds: RETRY_AFTER_SECONDS }), {
    retryAfter: RETRY_AFTER_SECONDS,
  });

async function takeSlot(key: string, limit: number, message: Message): Promise<() => void> {
  const store = stateStore();
  // By kind, not instanceof (each route bundle has its own copy of the store's class).
  const shared = store.kind === 'redis' ? await takeShared(store as RedisStore, key, limit) : null;
  if (shared === false) throw refusal(limit, message);
  const counts = inFlight();
  const now = counts.get(key) ?? 0;
  // Counted here too: the instance's own limit stands when Redis cannot be reached.
  if (shared === null && now >= limit) throw refusal(limit, message);
  counts.set(key, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
    shared?.();
  };
}

const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** Slots this instance holds in Redis, renewed while held: Redis key → member ids. */
const heldShared = () => processSingleton('heavy-reads-shared', () => new Map<string, Set<string>>());

/**
 * A slot in Redis: its release, false when the connection's slots are all taken (on any
 * instance), null when Redis could not be asked (the instance's own count decides).
 */
async function takeShared(store: RedisStore, key: string, limit: number): Promise<(() => void) | false | null> {
  const redisKey = `rooster:slots:${key}`;
  const id = randomUUID();
  const now = Date.now();
  // Not connected (an outage, or not yet at start): the instance's own count decides, at once; a
  // command never waits in the client's offline queue.
  if (!store.client.isReady) return null;
  try {
    const taken = await Promise.race([
      store.client.eval(TAKE, {
        keys: [redisKey],
        arguments: [String(now), String(limit), String(now + SLOT_TTL_MS), id, String(SLOT_TTL_MS * 2)],
      }),
      new Promise<null>((resolve) => setTimeout(resolve, SHARED_WAIT_MS, null).unref()),
    ]);
    if (taken === null) return null;
    if (Number(taken) !== 1) return false;
  } catch {
    return null;
  }
  const held = heldShared();
  let ids = held.get(redisKey);
  if (!ids) held.set(redisKey, (ids = new Set()));
  ids.add(id);
  renewing(store);
  return () => {
    ids.delete(id);
    if (ids.size === 0 && held.get(redisKey) === ids) held.delete(redisKey);
    store.client.zRem(redisKey, id).catch(() => undefined);
  };
}

/** One timer per process renews every slot it holds (unref'd: it keeps nothing alive). */
function renewing(store: RedisStore) {
  processSingleton('heavy-reads-renew', () =>
    setInterval(() => {
      const until = Date.now() + SLOT_TTL_MS;
      for (const [redisKey, ids] of heldShared())
        for (const id of ids)
          store.client
            .zAdd(redisKey, { score: until, value: id }, { XX: true })
            .then(() => store.client.pExpire(redisKey, SLOT_TTL_MS * 2))
            .catch(() => undefined);
    }, SLOT_RENEW_MS).unref(),
  );
}

/** A streamed read's slots: a streamed-read slot, and a heavy-read slot when `heavy`; one release for both. */
export async function takeReadSlots(connectionId: string, heavy: boolean): Promise<() => void> {
  const streamed = await takeStreamedRead(connectionId);
  if (!heavy) return streamed;
  let large: () => void;
  try {
    large = await takeHeavyRead(connectionId);
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
  const release = await takeHeavyRead(connectionId);
  try {
    return await read();
  } finally {
    release();
  }
}

/**
 * One budget per connection for every heavy read of weeks: a staffing or cover read of one week of
 * the school's lessons, each week of an export. A request is charged all its weeks before its first
 * upstream call, so it is refused whole (429 with Retry-After) rather than half-way with the weeks
 * already read thrown away; a week then served from the week cache (a small incremental read) is
 * given back all but CACHED_WEEK_POINTS of its WEEK_POINTS. In Redis across instances when set up.
 */
export const WEEK_READS_PER_MINUTE = 160;
export const WEEK_POINTS = 10;
export const CACHED_WEEK_POINTS = 2;

function weekLimiter(): RateLimiterAbstract {
  return sharedLimiter('week-reads', {
    points: WEEK_READS_PER_MINUTE * WEEK_POINTS,
    duration: 60,
    keyPrefix: 'rl:weeks:v2',
  });
}

/**
 * Charges `weeks` week reads to the connection, `kept` of them known beforehand to be answered from
 * what was kept (charged their cached cost only), or refuses the request with 429 before it reads anything.
 */
export async function chargeWeekReads(connectionId: string, weeks: number, kept = 0): Promise<void> {
  const limiter = weekLimiter();
  const cheap = Math.min(Math.max(0, kept), weeks);
  const points = (weeks - cheap) * WEEK_POINTS + cheap * CACHED_WEEK_POINTS;
  const max = WEEK_READS_PER_MINUTE * WEEK_POINTS;
  const refuse = (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return new HttpError(429, apiText('staffing.tooManyWeeks', { weeks, max: WEEK_READS_PER_MINUTE, seconds }), {
      retryAfter: seconds,
    });
  };
  const now = await limiter.get(connectionId);
  if ((now?.consumedPoints ?? 0) + points > max) throw refuse(now?.msBeforeNext ?? 60_000);
  try {
    await limiter.consume(connectionId, points);
  } catch (error) {
    // A refusal is a RateLimiterRes (by shape: the limiter may come from another bundle's copy).
    const refused = error as Partial<RateLimiterRes> | null;
    if (typeof refused?.msBeforeNext !== 'number') throw error;
    // The limiter counted the refused points: given back, a refused request costs nothing.
    await limiter.reward(connectionId, points);
    throw refuse(refused.msBeforeNext);
  }
}

/** A charge given back whole: the request was refused before it read anything (no heavy-read slot). */
export async function giveBackWeekReads(connectionId: string, weeks: number, kept = 0): Promise<void> {
  const cheap = Math.min(Math.max(0, kept), weeks);
  await weekLimiter()
    .reward(connectionId, (weeks - cheap) * WEEK_POINTS + cheap * CACHED_WEEK_POINTS)
    .catch(() => undefined);
}

/**
 * Weeks charged as kept (their cached cost) that were read whole after all (a check found a change):
 * the rest of their cost, taken without refusing — the request is under way, its weeks being read.
 */
export async function chargeKeptWeeksRead(connectionId: string, weeks: number): Promise<void> {
  await weekLimiter()
    .penalty(connectionId, weeks * (WEEK_POINTS - CACHED_WEEK_POINTS))
    .catch(() => undefined);
}

/** Charged weeks that the week cache served (one by default): all but their cached cost given back. */
export async function refundCachedWeek(connectionId: string, weeks = 1): Promise<void> {
  await weekLimiter()
    .reward(connectionId, weeks * (WEEK_POINTS - CACHED_WEEK_POINTS))
    .catch(() => undefined);
}

/** The week reads (in points) the connection has used this minute (for tests and the docs' figures). */
export async function weekPointsUsed(connectionId: string): Promise<number> {
  return (await weekLimiter().get(connectionId))?.consumedPoints ?? 0;
}
