// A circuit breaker per portal: after `threshold` failures in a row (5xx, network, timeout) calls to
// that portal pause for a cool-down, so a failing school portal is not hammered and its pages
// fail fast with a clear message. Then one trial call decides: success closes the circuit,
// failure opens it again. Other portals are unaffected.

export interface BreakerOptions {
  threshold: number;
  coolDownMs: number;
  now?: () => number;
}

interface State {
  failures: number;
  openUntil: number;
  trial: boolean;
}

export class CircuitBreaker {
  private readonly states = new Map<string, State>();
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until calls may resume, or 0 when this call may go ahead. */
  pausedFor(key: string): number {
    const s = this.states.get(key);
    if (!s || s.openUntil === 0) return 0;
    const left = s.openUntil - this.now();
    if (left > 0) return left;
    if (s.trial) return 1000; // a trial call is under way
    s.trial = true;
    return 0;
  }

  success(key: string): void {
    this.states.delete(key);
  }

  failure(key: string): void {
    const s = this.states.get(key) ?? { failures: 0, openUntil: 0, trial: false };
    s.failures++;
    if (s.trial || s.failures >= this.options.threshold) {
      s.openUntil = this.now() + this.options.coolDownMs;
      s.trial = false;
    }
    this.states.set(key, s);
  }
}
