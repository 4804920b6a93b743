import 'server-only';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { processSingleton } from './singleton.server';
import { HttpError } from './api.server';
import type { RedisStore } from './state/redis-store.server';
import { stateStore } from './state/state.server';

// Connect attempts are anyone's and each reaches the portal: at most a few per client address and
// per portal a minute (rate-limiter-flexible), counted in Redis across instances when it is set up.

function limiter(name: 'perAddress' | 'perPortal'): RateLimiterAbstract {
  return processSingleton(`connect-limit-${name}`, () => {
    const env = serverEnv();
    const store = stateStore();
    const points = name === 'perAddress' ? env.CONNECT_LIMIT_PER_ADDRESS : env.CONNECT_LIMIT_PER_PORTAL;
    const options = { points, duration: 60, keyPrefix: `rl:connect:${name}` };
    // By kind, not instanceof: Next bundles each route on its own, so the class that made the shared
    // store may be another copy than the one imported here.
    return store.kind === 'redis'
      ? new RateLimiterRedis({ ...options, storeClient: (store as RedisStore).client, useRedisPackage: true })
      : new RateLimiterMemory(options);
  });
}

/**
 * The client's address as our own server saw it: the last `x-forwarded-for` entry, which Next's
 * server appends (earlier entries are whatever the client claimed).
 */
export function clientAddress(forwardedFor: string | null): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return hops.at(-1) ?? 'unknown';
}

/** Counts one connect attempt; a 429 with Retry-After once an address or a portal has had its share. */
export async function limitConnectAttempt(address: string, portalBaseUrl: string): Promise<void> {
  try {
    await limiter('perAddress').consume(address);
    await limiter('perPortal').consume(portalBaseUrl);
  } catch (error) {
    // A refusal is a RateLimiterRes; by shape, since the limiter may come from another bundle's copy.
    const refused = error as Partial<RateLimiterRes> | null;
    if (typeof refused?.msBeforeNext !== 'number') throw error;
    const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    throw new HttpError(429, apiText('connect.tooManyAttempts', { seconds }), { retryAfter: seconds });
  }
}
