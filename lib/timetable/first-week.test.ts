import { describe, expect, it } from 'vitest';
import { NARROW_PARAM } from '@/lib/api/contract';
import { GRID_FIELDS } from './fields';
import { firstWeekParams } from './first-week';

// Which views a timetable page is sent with their week: those whose browser read the proxy narrows
// from the school's week (`plan.narrow`), never the school's megabytes nor a week the portal selects
// upstream (read with the school's period grid beside it).

const rights = (filters: string[], extraFields: string[] = []) => ({
  readFields: [...GRID_FIELDS, ...extraFields],
  filterFields: ['fields', 'schoolInSchoolYear', 'start', 'end', 'includeHidden', 'modifiedSince', ...filters],
});
const settings = (filters: string[] = ['teachers'], liveSchedule = true) => ({
  zone: 'Europe/Amsterdam',
  rights: rights(filters, ['students']),
  liveSchedule,
  today: { year: 2026, week: 48 },
});
const first = (query: string, s = settings()) => firstWeekParams(s, new URLSearchParams(query));

describe('the week a timetable page is sent with', () => {
  it('a group’s or a room’s week: the narrowed read of the address’ week', () => {
    const group = first('week=2026-W47&group=4h1&project=7');
    expect(group?.get(NARROW_PARAM)).toBe('groups:4h1');
    expect(group?.get('schoolInSchoolYear')).toBe('7');
    // Week 47 of 2026 in Amsterdam: Monday 16 November 00:00 (UTC+1) up to the next Monday.
    expect(group?.get('start')).toBe(String(Date.UTC(2026, 10, 15, 23) / 1000));
    expect(first('location=102')?.get(NARROW_PARAM)).toBe('locations:102');
    // No week in the address: this week, as the page's screen reads it.
    expect(first('group=4h1')?.get('start')).toBe(String(Date.UTC(2026, 10, 22, 23) / 1000));
  });

  it('not the school’s week, nor a week the portal selects upstream, nor a live week', () => {
    expect(first('week=2026-W47')).toBeNull();
    expect(first('teacher=zle')).toBeNull();
    expect(first('student=100301', settings(['possibleStudents']))).toBeNull();
    expect(first('student=100301&live=1')).toBeNull();
  });

  it('a student’s week the proxy narrows (no upstream filter) is sent with it, unless it is live', () => {
    expect(first('student=100301', settings([]))?.get(NARROW_PARAM)).toBe('students:100301');
    expect(first('student=100301&live=1', settings([], true))).toBeNull();
    expect(first('student=100301&live=1', settings([], false))?.get(NARROW_PARAM)).toBe('students:100301');
  });

  it('nothing where the rights cannot pick the view out', () => {
    expect(first('student=100301', { ...settings([]), rights: rights([]) })).toBeNull();
  });
});
