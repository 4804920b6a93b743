import 'server-only';
import {
  CircuitState,
  circuitBreaker,
  ConsecutiveBreaker,
  handleWhen,
  isBrokenCircuitError,
  retry,
  timeout,
  TimeoutStrategy,
  wrap,
  type CircuitBreakerPolicy,
  type IBackoff,
  type IBackoffFactory,
  type IPolicy,
} from 'cockatiel';
import { log } from '@/lib/platform/log.server';
import { isPartnerApiError, PartnerApiError } from './errors';
import { apiText } from '@/lib/api/api-text';

// Retries, timeouts and the circuit breaker for portal calls, from cockatiel; Rooster decides the
// rules: which failures are retried, how long to wait (Retry-After wins), and what pauses a portal.

export interface RetryRules {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Per attempt. */
  timeoutMs: number;
  /** Every attempt and wait of one call together. */
  totalBudgetMs: number;
  backoffBaseMs: number;
  random: () => number;
  /** Whether a failure may be tried again (before the budget is looked at). */
  retryable: (error: PartnerApiError) => boolean;
  onRetry?: (delayMs: number) => void;
}

/**
 * The policy for one call: a total budget around retries around a per-attempt timeout. The
 * function receives an AbortSignal that ends its attempt. A wait that would pass the budget is not
 * started: the call fails at once with the last failure (a `Retry-After: 120` is reported, not slept).
 */
export function retryingCall(rules: RetryRules): IPolicy {
  const deadline = Date.now() + rules.totalBudgetMs;
  let failures = 0;
  let nextDelay = 0;
  const waitAfter = (error: PartnerApiError) => {
    failures++;
    const backoff = rules.backoffBaseMs * 2 ** (failures - 1);
    return error.info.retryAfter !== undefined ? error.info.retryAfter * 1000 : backoff + rules.random() * backoff;
  };
  const retrying = retry(
    handleWhen((error) => {
      if (!isPartnerApiError(error) || !rules.retryable(error)) return false;
      nextDelay = waitAfter(error);
      return Date.now() + nextDelay < deadline;
    }),
    { maxAttempts: rules.maxAttempts - 1, backoff: lastFailureDecides(() => nextDelay) },
  );
  if (rules.onRetry) retrying.onRetry(({ delay }) => rules.onRetry!(delay));
  // Not aborted once a call returned (cockatiel's default): every attempt has let go of its signal
  // by then, and each abort makes a DOMException with a stack, per call, for nothing.
  const settled = { strategy: TimeoutStrategy.Cooperative, abortOnReturn: false };
  return wrap(timeout(rules.totalBudgetMs, settled), retrying, timeout(rules.timeoutMs, settled));
}

/** A backoff whose wait the retry predicate computed from the failure it just saw. */
function lastFailureDecides(delay: () => number): IBackoffFactory<unknown> {
  const step = (): IBackoff<unknown> => ({ duration: delay(), next: step });
  return { next: step };
}

export interface BreakerRules {
  /** Failures in a row that pause a portal. */
  threshold: number;
  coolDownMs: number;
  /** What pauses a portal: a portal that is down or broken, not one that refused a request. */
  countsAsFailure: (error: PartnerApiError) => boolean;
}

/** Where a paused portal is written, so every instance pauses it (the state store). */
export interface PauseBoard {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

const MAX_PORTALS = 1000;

/**
 * One cockatiel circuit breaker per portal base URL. A breaker that opens writes the pause to the
 * board, and every instance reading the board pauses that portal until the cool-down ends; the
 * instance whose trial call succeeds clears it.
 */
export class PortalBreakers {
  private readonly policies = new Map<string, CircuitBreakerPolicy>();

  constructor(
    private readonly rules: BreakerRules,
    private readonly board: () => PauseBoard | null = () => null,
  ) {}

  /**
   * Runs `fn` for the portal, or throws `paused(ms)` while it is paused; `fn` is told whether its
   * call is the trial after a pause (cockatiel takes any outcome it does not count as a failure, a
   * reader leaving included, as the portal being back). The caller makes that
   * error: this object is shared by every route, and Next bundles each route with its own copy of
   * the error classes (so errors are also recognised by name here, never by class).
   */
  async run<T>(baseUrl: string, fn: (trial: boolean) => Promise<T>, paused: (ms: number) => Error): Promise<T> {
    const left = await this.pausedFor(baseUrl);
    if (left > 0) throw paused(left);
    const policy = this.policy(baseUrl);
    try {
      // `trial`: the one call let through after a pause, whose outcome closes or reopens the breaker
      // (cockatiel calls it while still open, then marks the breaker half-open; others wait for it).
      return await policy.execute(() => fn(policy.state !== CircuitState.Closed));
    } catch (error) {
      if (isBrokenCircuitError(error)) throw paused(this.rules.coolDownMs);
      throw error;
    }
  }

  /** Milliseconds until calls to the portal resume, as the board says; 0 when they may go. */
  async pausedFor(baseUrl: string): Promise<number> {
    const until = Number(await this.boardCall((b) => b.get(boardKey(baseUrl))));
    return until > Date.now() ? until - Date.now() : 0;
  }

  private policy(baseUrl: string): CircuitBreakerPolicy {
    let policy = this.policies.get(baseUrl);
    if (policy) return policy;
    if (this.policies.size >= MAX_PORTALS) this.policies.delete(this.policies.keys().next().value!);
    policy = circuitBreaker(
      handleWhen((e) => isPartnerApiError(e) && this.rules.countsAsFailure(e)),
      { halfOpenAfter: this.rules.coolDownMs, breaker: new ConsecutiveBreaker(this.rules.threshold) },
    );
    const key = boardKey(baseUrl);
    policy.onBreak(() => {
      const until = Date.now() + this.rules.coolDownMs;
      void this.boardCall((b) => b.set(key, String(until), this.rules.coolDownMs));
    });
    policy.onReset(() => void this.boardCall((b) => b.delete(key)));
    this.policies.set(baseUrl, policy);
    return policy;
  }

  /** The board is advice: when the store cannot be reached, calls go ahead on this instance's own breaker. */
  private async boardCall<T>(op: (board: PauseBoard) => Promise<T>): Promise<T | null> {
    const board = this.board();
    if (!board) return null;
    try {
      return await op(board);
    } catch (error) {
      log.warn({ err: String(error) }, 'portal pause board unavailable');
      return null;
    }
  }
}

const boardKey = (baseUrl: string) => `portal-paused:${baseUrl}`;

/** The error of a paused portal, with the seconds until calls resume. */
export function pausedError(ms: number): PartnerApiError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new PartnerApiError('paused', apiText('partner.paused', { seconds }), { retryAfter: seconds });
}
