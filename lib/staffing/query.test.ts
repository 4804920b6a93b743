import { describe, expect, it } from 'vitest';
import { queryInput, staffingQuerySchema } from './query';

// The staffing routes' query, refused before anything goes upstream.

const check = (query: string) => staffingQuerySchema.safeParse(queryInput(new URLSearchParams(query)));
const messages = (query: string) => {
  const checked = check(query);
  return checked.success ? [] : checked.error.issues.map((i) => i.message);
};

describe('the staffing query', () => {
  it('refuses years outside 2000–2100, in a week or a range (9999-12-27 once reached the portal as +010000)', () => {
    for (const q of [
      'from=9999-12-27&to=9999-12-31',
      'from=1999-12-27&to=2000-01-02',
      'from=2100-12-27&to=2101-01-02',
      'from=0001-01-01&to=0001-01-07',
      'week=9999-W52',
      'week=1999-W52',
    ])
      expect(messages(q), q).toContain('staffing.yearOutOfRange');
  });

  it('takes the years 2000 to 2100 as before', () => {
    for (const q of [
      'from=2000-01-03&to=2000-01-09',
      'from=2100-12-01&to=2100-12-31',
      'week=2026-W47',
      'week=2100-W01',
    ])
      expect(check(q).success, q).toBe(true);
  });
});
