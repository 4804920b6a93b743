import { describe, expect, it } from 'vitest';
import { projectsFrom, staffingParams } from './scope';

describe('a staffing page’s scope', () => {
  it('takes only whole positive project ids from the address', () => {
    expect(projectsFrom('12,abc,-3,0,7.5, 44')).toEqual([12, 44]);
    expect(projectsFrom(null)).toEqual([]);
    expect(projectsFrom(undefined)).toEqual([]);
  });

  it('reads a week, or a range instead of it, as the staffing routes’ query', () => {
    expect(staffingParams({ projects: [], week: '2026-W47' }).toString()).toBe('week=2026-W47');
    expect(
      staffingParams({ projects: [3, 4], week: '2026-W47', from: '2026-11-02', to: '2026-11-29' }).toString(),
    ).toBe('from=2026-11-02&to=2026-11-29&schoolInSchoolYear=3%2C4');
    // Half a range is no range: the week stands.
    expect(staffingParams({ projects: [], week: '2026-W47', from: '2026-11-02' }).toString()).toBe('week=2026-W47');
    expect(staffingParams({ projects: [1] }, { employee: 'abc' }).toString()).toBe('schoolInSchoolYear=1&employee=abc');
  });
});
