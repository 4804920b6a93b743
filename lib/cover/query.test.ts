import { describe, expect, it } from 'vitest';
import { zodMessage } from '@/lib/platform/api.server';
import { coverSettingsBody } from './query';
import { DEFAULT_SETTINGS } from './types';
import { windowOf } from './window';

// Round 5 §2 and §6: the settings' window bounded (years 2000–2100, at most 20 calendar weeks), a
// window that has ended counts the term, and a weight out of range is told its range.

const message = (input: unknown) => {
  const parsed = coverSettingsBody.safeParse(input);
  return parsed.success ? null : zodMessage(parsed.error).message;
};

describe('the cover settings', () => {
  it('take a custom window of at most 20 calendar weeks in the years 2000 to 2100', () => {
    const custom = (from: string, to: string) => ({ ...DEFAULT_SETTINGS, window: 'custom', from, to });
    expect(message(custom('2026-11-02', '2027-03-21'))).toBeNull(); // weeks 45 to 11: 20 calendar weeks
    expect(message(custom('2026-11-02', '2027-03-22'))).toContain('20 calendar weeks');
    expect(message(custom('2026-08-01', '2027-08-01'))).toContain('20 calendar weeks');
    expect(message(custom('0000-01-03', '0000-01-07'))).toContain('2000 to 2100');
    expect(message(custom('9999-01-03', '9999-01-07'))).toContain('2000 to 2100');
  });

  it('say a weight’s range, not the largest safe integer', () => {
    const weights = { ...DEFAULT_SETTINGS.weights, knowsGroup: 1e308 };
    expect(message({ ...DEFAULT_SETTINGS, weights })).toBe('A weight is a whole number from -100 to 100.');
    expect(message({ ...DEFAULT_SETTINGS, weights: { ...weights, knowsGroup: 2.5 } })).toBe(
      'A weight is a whole number from -100 to 100.',
    );
  });

  it('count the term when a custom window does not hold the day asked about, and say so', () => {
    const settings = { ...DEFAULT_SETTINGS, window: 'custom' as const, from: '2026-09-01', to: '2026-10-16' };
    expect(windowOf(settings, '2026-10-01')).toEqual({ from: '2026-09-01', to: '2026-10-16' });
    const after = windowOf(settings, '2026-11-18');
    expect(after.fellBack).toBe(true);
    expect(after).toEqual({ ...windowOf({ ...settings, window: 'term' }, '2026-11-18'), fellBack: true });
  });
});
