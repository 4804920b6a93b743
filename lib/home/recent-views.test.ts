// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { describeView, readRecentViews, rememberView } from './recent-views.client';

describe('recent views', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last six pages worth returning to, newest first, per connection', () => {
    for (let i = 1; i <= 8; i++) rememberView('c1', `/timetable?week=2026-W${40 + i}`, i);
    rememberView('c1', '/', 9);
    rememberView('c1', '/connection', 10);
    rememberView('c1', '/timetable?week=2026-W45', 11); // seen again: moves to the top
    rememberView('c2', '/staffing/absences', 12);
    expect(readRecentViews('c1').map((v) => v.href)).toEqual([
      '/timetable?week=2026-W45',
      '/timetable?week=2026-W48',
      '/timetable?week=2026-W47',
      '/timetable?week=2026-W46',
      '/timetable?week=2026-W44',
      '/timetable?week=2026-W43',
    ]);
    expect(readRecentViews('c2')).toEqual([{ href: '/staffing/absences', at: 12 }]);
  });

  it('survives a broken stored value', () => {
    localStorage.setItem('rooster:recent:c1', '{not json');
    expect(readRecentViews('c1')).toEqual([]);
  });

  it('describes a view from its URL', () => {
    expect(describeView('/timetable?week=2026-W47&teacher=abc')).toEqual([
      { kind: 'page', page: 'timetable' },
      { kind: 'subject', subject: 'teacher', code: 'abc' },
      { kind: 'week', week: 47 },
    ]);
    // Each staffing page and the overview by its own name, not the first section whose path it starts with.
    expect(describeView('/timetable/overview?week=2026-W47')).toEqual([
      { kind: 'page', page: 'overview' },
      { kind: 'week', week: 47 },
    ]);
    expect(describeView('/staffing/load')).toEqual([{ kind: 'page', page: 'load' }]);
    expect(describeView('/staffing/groups')).toEqual([{ kind: 'page', page: 'groups' }]);
    expect(describeView('/explorer/liveschedule')).toEqual([
      { kind: 'page', page: 'explore' },
      { kind: 'endpoint', endpoint: 'liveschedule' },
    ]);
  });
});
