import 'server-only';
import { serverEnvSchema } from '@/lib/env-schema';
import { stateStore } from '@/lib/platform/state/state.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { PortalBreakers } from '../resilience.server';
import { countsAsPortalFailure } from './wire-errors.server';

// What a call to a school portal is aimed at and the settings it runs under, with their defaults
// (the process-wide breaker among them). Apart so the sockets, the buffered call and the streamed
// reads share one set of defaults without importing each other.

export interface PortalTarget {
  /** `https://school.example/api` as accepted by checkPortalUrl. */
  baseUrl: string;
  trust: 'listed' | 'wildcard';
  token?: string;
}

export interface ClientSettings {
  timeoutMs: number;
  /** All attempts of one call together. */
  totalBudgetMs: number;
  maxAttempts: number;
  maxBytes: number;
  /** The first retry waits about this long (with jitter), each next one twice as long. */
  backoffBaseMs: number;
  random: () => number;
  /** Told the wait before each retry (for tests and metrics). */
  onRetry?: (delayMs: number) => void;
  /** Aborts when the reader went away: the call is let go at once (a `cancelled` error, never retried or counted). */
  cancel?: AbortSignal;
  /**
   * Pauses calls to a portal base URL after repeated failures. null for connect attempts: anyone
   * may make those, so they must neither pause nor un-pause a portal for its connected users.
   */
  breaker: PortalBreakers | null;
  /**
   * How long a streamed answer waits for a reader that takes nothing (its socket full) before it
   * is cut: the portal's socket is not held for a reader that does not read.
   */
  readerStallMs: number;
}

export const PORTAL_HARD_LIMIT_MS = 60_000;

export const defaults: ClientSettings = {
  timeoutMs: 30_000,
  totalBudgetMs: 55_000,
  maxAttempts: 3,
  maxBytes: 40 * 1024 * 1024,
  backoffBaseMs: 250,
  random: Math.random,
  readerStallMs: 5_000,
  // One per server process; an open breaker is written to the state store, so every instance pauses.
  breaker: processSingleton(
    'portal-breaker',
    () =>
      new PortalBreakers(
        {
          threshold: 5,
          // Through the settings schema, alone (this is made before the whole environment is checked).
          coolDownMs:
            serverEnvSchema.shape.PORTAL_COOLDOWN_SECONDS.catch(15).parse(process.env.PORTAL_COOLDOWN_SECONDS) * 1000,
          countsAsFailure: countsAsPortalFailure,
        },
        stateStore,
      ),
  ),
};
