import 'server-only';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
