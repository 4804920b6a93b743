import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@/lib/partner-api/records';
import { countChanges } from '@/lib/changes/count';
import { dayChanges } from '@/lib/changes/day-changes';
import { absentOn, countAbsent } from './today';

describe("today's counts", () => {
  it('counts the changes /changes lists (one definition: the version chains), each instance once, and each kind', () => {
    const day = { start: 1_000_000, end: 1_086_400 };
    const at = day.start + 3600;
    const v = (id: number, instance: number, extra: Record<string, unknown>) => ({
      id,
      appointmentInstance: instance,
      start: at,
      end: at + 3000,
      valid: true,
      teachers: ['abc'],
      locations: ['101'],
      groups: ['1a'],
      ...extra,
    });
    const rows = [
      v(1, 1, { cancelled: true }),
      v(2, 2, { valid: false }), // replaced: a substitute and a room change
      v(3, 2, { teachers: ['xyz'], locations: ['102'], teacherChanged: true, locationChanged: true }),
      v(4, 3, {}), // unchanged
      v(5, 4, { valid: false }), // removed: only an old version left
      v(6, 5, { changeDescription: 'Extra les' }), // added
      v(7, 6, { cancelled: true, start: day.end + 10 }), // tomorrow
    ] as RecordOf<'appointments'>[];
    const counts = countChanges(rows, day.start, day.end);
    expect(counts).toEqual({ total: 4, cancelled: 1, teacher: 1, location: 1, moved: 0, group: 0, other: 2 });
    expect(counts.total).toBe(dayChanges(rows, day.start, day.end).length);
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

  it('names the people away once each, by surname, the code where the rights give no name', () => {
    const day = { start: 1_000_000, end: 1_086_400 };
    const rows = [
      { id: 1, employee: 'zie', firstName: 'Zoë', prefix: 'van', lastName: 'Aalst', start: day.start, end: day.end },
      { id: 2, employee: 'abc', firstName: 'Bram', prefix: null, lastName: 'Visser', start: day.start, end: day.end },
      { id: 3, employee: 'zie', firstName: 'Zoë', prefix: 'van', lastName: 'Aalst', start: day.start, end: day.end },
      { id: 4, employee: 'xyz', start: day.start, end: day.end },
    ] as RecordOf<'employeeabsences'>[];
    expect(absentOn(rows, day.start, day.end)).toEqual([
      { code: 'zie', name: 'Zoë van Aalst' },
      { code: 'abc', name: 'Bram Visser' },
      { code: 'xyz', name: '' },
    ]);
  });
});
