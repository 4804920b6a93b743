import { describe, expect, it } from 'vitest';
import { loadScope } from './load-scope';
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

describe('the load page’s scope', () => {
  const today = { year: 2026, week: 48 };
  it('is a range when both ends are given, else the week asked for, else this week', () => {
    expect(loadScope({ from: '2026-11-02', to: '2026-11-29', week: '2026-W47' }, today).scope).toEqual({
      projects: [],
      from: '2026-11-02',
      to: '2026-11-29',
    });
    expect(loadScope({ from: '2026-11-02', week: '2026-W47', project: '3,x' }, today).scope).toEqual({
      projects: [3],
      week: '2026-W47',
    });
    expect(loadScope({ week: 'not a week' }, today)).toMatchObject({ isRange: false, week: today });
    expect(loadScope({}, today).scope).toEqual({ projects: [], week: '2026-W48' });
  });
});
