import { describe, expect, it } from 'vitest';
import { plusDays, today } from '@/lib/partner-api/calendar';

// How long a day's plan (pins, proposals, its lessons) is kept in the state store.

Object.assign(process.env, { SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop' });
const { keptForDay } = await import('./plan-store.server');

const DAY = 86_400_000;

describe('a day’s plan', () => {
  it('is kept until a week after the day, and a week at least for a day long past', () => {
    const now = today('Europe/Amsterdam');
    const tomorrow = keptForDay(plusDays(now, 1));
    expect(tomorrow).toBeGreaterThan(8 * DAY);
    expect(tomorrow).toBeLessThanOrEqual(9 * DAY + 2 * 3600_000);
    // Looking back at a day a month ago: the pins set now do not vanish within a minute.
    expect(keptForDay(plusDays(now, -30))).toBe(7 * DAY);
  });
});
