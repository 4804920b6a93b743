import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { sharedLimiter } from './rate-limit.server';
import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { HttpError } from './api.server';
import { limitKey } from '@/lib/net/client-address';

// Connect attempts are anyone's and each reaches the portal, so they are limited, in Redis across
// instances when it is set up (rate-limiter-flexible), a minute at a time:
// - per client address: attempts (CONNECT_LIMIT_PER_ADDRESS), then 429 with Retry-After;
// - per portal: FAILURES (an admitted attempt that did not connect: a refused code or token, a
//   portal that did not answer as one), never successes, so strangers cannot lock a school out.
//   Past CONNECT_LIMIT_PER_PORTAL failures the portal slows: every attempt waits a little longer
//   (up to SLOW_MAX_MS), and an address that itself failed for this portal in the window is
//   refused with Retry-After. An address with no failure there is still tried, so a good code
//   connects.

const WINDOW_SECONDS = 60;
const SLOW_STEP_MS = 100;
const SLOW_MAX_MS = 3000;

type LimiterName = 'perAddress' | 'portalFailures' | 'failedFrom';

function limiter(name: LimiterName): RateLimiterAbstract {
  // Failures are only ever added (penalty) and read: their limiters never refuse by themselves.
  const points = name === 'perAddress' ? serverEnv().CONNECT_LIMIT_PER_ADDRESS : 1_000_000_000;
  return sharedLimiter(`connect-limit-${name}`, { points, duration: WINDOW_SECONDS, keyPrefix: `rl:connect:${name}` });
}

const failedFromKey = (address: string, portalBaseUrl: string) => `${portalBaseUrl} ${address}`;
const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** How long an attempt waits once a portal has had `failures` in the window (none up to the limit). */
export function portalDelayMs(failures: number, limit: number): number {
  return failures < limit ? 0 : Math.min(SLOW_MAX_MS, (failures - limit + 1) * SLOW_STEP_MS);
}

/**
 * Admits one connect attempt before it reaches the portal: a 429 with Retry-After once the address
 * has had its share, or once the portal is past its failures and this address failed there too;
 * otherwise it may wait (the portal slows) and goes ahead.
 */
export async function admitConnectAttempt(
  address: string,
  portalBaseUrl: string,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<void> {
  // An IPv6 client is counted by its /64 (it owns all of it).
  address = limitKey(address);
  try {
    await limiter('perAddress').consume(address);
  } catch (error) {
    // A refusal is a RateLimiterRes; by shape, since the limiter may come from another bundle's copy.
    const refused = error as Partial<RateLimiterRes> | null;
    if (typeof refused?.msBeforeNext !== 'number') throw error;
    const seconds = secondsOf(refused.msBeforeNext);
    throw new HttpError(429, apiText('connect.tooManyAttempts', { seconds }), { retryAfter: seconds });
  }
  const failures = (await limiter('portalFailures').get(portalBaseUrl))?.consumedPoints ?? 0;
  const delay = portalDelayMs(failures, serverEnv().CONNECT_LIMIT_PER_PORTAL);
  if (delay === 0) return;
  const own = await limiter('failedFrom').get(failedFromKey(address, portalBaseUrl));
  if (own && own.consumedPoints > 0) {
    const seconds = secondsOf(own.msBeforeNext);
    throw new HttpError(429, apiText('connect.tooManyFailures', { seconds }), { retryAfter: seconds });
  }
  await wait(delay);
}

/** Counts an attempt that did not connect against the portal and against this address for that portal. */
export async function recordConnectFailure(address: string, portalBaseUrl: string): Promise<void> {
  address = limitKey(address);
  await Promise.all([
    limiter('portalFailures').penalty(portalBaseUrl, 1),
    limiter('failedFrom').penalty(failedFromKey(address, portalBaseUrl), 1),
  ]);
}
