import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit';

describe('the circuit breaker', () => {
  const setup = () => {
    let t = 0;
    const breaker = new CircuitBreaker({ threshold: 3, coolDownMs: 1000, now: () => t });
    return { breaker, advance: (ms: number) => (t += ms) };
  };

  it('opens after the threshold of failures in a row, for one portal only', () => {
    const { breaker } = setup();
    for (let i = 0; i < 2; i++) breaker.failure('a');
    expect(breaker.pausedFor('a')).toBe(0);
    breaker.failure('a');
    expect(breaker.pausedFor('a')).toBe(1000);
    expect(breaker.pausedFor('b')).toBe(0);
  });

  it('a success resets the count', () => {
    const { breaker } = setup();
    breaker.failure('a');
    breaker.failure('a');
    breaker.success('a');
    breaker.failure('a');
    expect(breaker.pausedFor('a')).toBe(0);
  });

  it('after the cool-down lets one trial through: success closes, failure reopens', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.failure('a');
    advance(1000);
    expect(breaker.pausedFor('a')).toBe(0); // the trial
    expect(breaker.pausedFor('a')).toBeGreaterThan(0); // others wait for it
    breaker.failure('a');
    expect(breaker.pausedFor('a')).toBe(1000);
    advance(1000);
    expect(breaker.pausedFor('a')).toBe(0);
    breaker.success('a');
    expect(breaker.pausedFor('a')).toBe(0);
    expect(breaker.pausedFor('a')).toBe(0);
  });
});
