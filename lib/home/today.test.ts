import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@/lib/partner-api/records';
import { countAbsent, countChanges } from './today';

describe("today's counts", () => {
  it('counts each changed current appointment once, and each kind of change', () => {
    const rows = [
      { id: 1, valid: true, cancelled: true },
      { id: 2, valid: true, teacherChanged: true, locationChanged: true },
      { id: 3, valid: true },
      { id: 4, valid: false, cancelled: true }, // an old version
      { id: 5, valid: true, hidden: true, timeChanged: true },
      { id: null, cancelled: true }, // a row without id still counts
    ] as RecordOf<'appointments'>[];
    expect(countChanges(rows)).toEqual({ total: 3, cancelled: 2, teacher: 1, location: 1, time: 0, group: 0 });
  });

  it('counts distinct people away during the day, whatever the number of absences', () => {
    const day = { start: 1_000_000, end: 1_086_400 };
    const rows = [
      { id: 1, employee: 'abc', start: day.start - 3600, end: day.start + 3600 },
      { id: 2, employee: 'abc', start: day.start + 7200, end: day.start + 9000 },
      { id: 3, employee: 'xyz', start: day.end, end: day.end + 100 }, // tomorrow
      { id: 4, employee: 'def', start: day.start - 86_400, end: day.start }, // ended at midnight
      { id: 5, employee: null, start: day.start, end: null }, // open-ended, no code
    ] as RecordOf<'employeeabsences'>[];
    expect(countAbsent(rows, day.start, day.end)).toBe(2);
  });
});
