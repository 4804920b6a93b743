import { describe, expect, it } from 'vitest';
import { DAY, H, lessonOf, lessonRow } from '../../tests/support/lesson-rows';
import { EQUAL_SHARES } from './definitions';
import { departmentsOf } from './groups';
import { onderwijstijdFigures } from './figures';
import { weekFiguresOfRows } from '../../tests/support/week-figures';
import { fromKept, toKept, type WeekFigures, type Window } from './weeks';

// The figures from weeks' sums: a week counted alone, with the versions of its chains in other
// weeks, a period that is part of the year, a klas under the groups rule, the norm on the year.

const W1 = 1_795_000_000;
const week = (n: number): Window => ({ start: W1 + n * 7 * DAY, end: W1 + (n + 1) * 7 * DAY });
const row = lessonRow;
const lesson = lessonOf;

const dept = departmentsOf(
  [
    { name: '4h1', departmentOfBranch: 1 },
    { name: '4h2', departmentOfBranch: 1 },
  ],
  [{ id: 1, code: 'havo4', yearOfEducation: 4, educationType: 'havo' }],
);

describe('onderwijstijd from its weeks', () => {
  it('adds weeks up, judges a chain moved between weeks over both, and holds the norm against the year', () => {
    const now = week(2).start; // weeks 0 and 1 have ended, 2 and 3 are to come
    const rows = [
      [
        lesson(1, week(0).start + H, 2),
        lesson(2, week(0).start + DAY, 1, { cancelled: true, cancelledReason: 'teachers' }),
      ],
      // Chain 3: planned in week 1, moved to week 2 (its first version no longer valid).
      [lesson(3, week(1).start + H, 1, { valid: false }), lesson(4, week(1).start + DAY, 2)],
      [
        row({
          id: 5,
          appointmentInstance: 3,
          start: week(2).start + H,
          end: week(2).start + 2 * H,
          students: ['a', 'b'],
        }),
      ],
      [lesson(6, week(3).start + H, 4)],
    ];
    const options = { now, types: ['lesson'] };
    const byWeek = rows.map((own, i) => {
      const others = rows.flat().filter((r) => r.appointmentInstance === 3 && !own.includes(r));
      const chained = own.some((r) => r.appointmentInstance === 3) ? others : [];
      return weekFiguresOfRows(own, chained, week(i), options);
    });
    // Week 1 alone would call chain 3 removed (lesuitval); with week 2's version it is moved.
    expect(weekFiguresOfRows(rows[1]!, [], week(1), options).sums.get('a')![4]).toBe(H);
    expect(byWeek[1]!.sums.get('a')![4]).toBe(0);
    // Kept and read back, a week is the same.
    const kept = byWeek.map((w) => fromKept(JSON.parse(JSON.stringify(toKept(w)))));
    const year = kept.map((figures, i) => ({ label: `w${i}`, window: week(i), figures }));
    // The period: weeks 1 and 2 only.
    const f = onderwijstijdFigures({ year, period: kept.slice(1, 3) }, dept, EQUAL_SHARES);
    const a = f.students.get('a')!;
    expect(a).toMatchObject({
      klas: '4h1',
      programmedHours: 3, // chain 3 (1 h, in week 1 as planned) and lesson 4 (2 h)
      realizedHours: 2, // lesson 4; chain 3's current version is in week 2, still to come
      expectedHours: 3,
      cancelledHours: 0,
      yearProgrammedHours: 10, // 2 + 1 + 1 + 2 + 4
      yearRealizedHours: 4, // lessons 1 and 4
    });
    // havo 4: 940 a year; 6 of the year's 10 programmed hours have ended: 564 due.
    expect(a.normToDateHours).toBeCloseTo(564, 6);
    expect(a.belowNorm).toBe(true);
    expect(f.klasRows).toEqual([
      expect.objectContaining({ group: '4h1', students: 2, perKlasOnly: false, realizedHours: 2, belowNorm: 2 }),
    ]);
    expect(f.cohortRows).toEqual([
      expect.objectContaining({ opleiding: 'havo', leerjaar: 4, klassen: ['4h1'], students: 2, programmedHours: 3 }),
    ]);
    // Week by week, the mean per student: lesuitval 1 h of 3 in week 0.
    expect(f.series().map((p) => [p.programmedToDate, p.cancelled])).toEqual([
      [3, 1],
      [3, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('gives a klas whose lessons name no students its own figures, said as per klas only', () => {
    const now = week(1).start;
    const own = [
      row({ id: 1, start: week(0).start, end: week(0).start + 3 * H, groups: ['4h2'], students: null }),
      row({ id: 2, start: week(0).start + DAY, end: week(0).start + DAY + H, groups: ['4h2'], students: null }),
    ];
    const w: WeekFigures = weekFiguresOfRows(own, [], week(0), { now, types: ['lesson'] });
    expect(w.viaGroups).toBe(2);
    const f = onderwijstijdFigures(
      { year: [{ label: 'w0', window: week(0), figures: w }], period: [w] },
      dept,
      EQUAL_SHARES,
    );
    expect(f.klasRows).toEqual([
      expect.objectContaining({ group: '4h2', students: 0, perKlasOnly: true, realizedHours: 4, programmedHours: 4 }),
    ]);
  });
});
