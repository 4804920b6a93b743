import 'server-only';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { ApiText } from '@/lib/api/api-text';
import { HttpError } from './api.server';
import { processSingleton } from './singleton.server';
import type { RedisStore } from './state/redis-store.server';
import { stateStore } from './state/state.server';

// The one way Rooster makes a rate limiter (rate-limiter-flexible): in Redis when the state store
// is Redis, so every instance counts together; in memory otherwise. One per name and process.

export function sharedLimiter(
  name: string,
  options: { points: number; duration: number; keyPrefix: string },
): RateLimiterAbstract {
  return processSingleton(`rate-limit:${name}`, () => {
    const store = stateStore();
    // By kind, not instanceof: Next bundles each route on its own, so the class that made the shared
    // store may be another copy than the one imported here.
    return store.kind === 'redis'
      ? new RateLimiterRedis({ ...options, storeClient: (store as RedisStore).client, useRedisPackage: true })
      : new RateLimiterMemory(options);
  });
}

/**
 * Takes `points` of a limiter for `key`, or refuses with 429 and Retry-After in the words
 * `refusal(seconds)` gives: the one way a write limit is charged.
 */
export async function chargeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  refusal: (seconds: number) => ApiText,
  points = 1,
): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    // A refusal is a RateLimiterRes (by shape: the limiter may come from another bundle's copy).
    const refused = error as Partial<RateLimiterRes> | null;
    if (typeof refused?.msBeforeNext !== 'number') throw error;
    const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    throw new HttpError(429, refusal(seconds), { retryAfter: seconds });
  }
}
