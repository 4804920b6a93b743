import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from '@/lib/partner-api/records';
import { DAY, H, lessonRow } from '../../tests/support/lesson-rows';
import { normToDate, opleidingOfCode } from './definitions';
import { studentHours } from './count';
import { coveredSeconds, groupHours } from './hours';

// Issue 48's definitions on messy rows: a chain moved between weeks, a version without students,
// a cancelled first version, a removed lesson, two options at one time, a lesson still to come.

const MONDAY = 1_795_000_000; // any instant; the rules do not look at the calendar
const row = lessonRow;

const period = { from: MONDAY, to: MONDAY + 14 * DAY, now: MONDAY + 7 * DAY };

describe('onderwijstijd per student', () => {
  it('counts programmed at the first version, realised at the current one (a chain moved a week on)', () => {
    const { students } = studentHours(
      [
        row({ id: 1, appointmentInstance: 10, start: MONDAY, end: MONDAY + H, students: ['s1'], valid: false }),
        row({ id: 2, appointmentInstance: 10, start: MONDAY + 8 * DAY, end: MONDAY + 8 * DAY + H, students: ['s1'] }),
      ],
      period,
    );
    const s1 = students.get('s1')!;
    // Planned in the first week (ended), moved into the second (still to come): not cancelled.
    expect(s1).toMatchObject({ programmed: 1, programmedToDate: 1, realised: 0, expected: 1, cancelled: 0 });
  });

  it('says lesuitval by cause for a first version cancelled in place, and for a removed lesson', () => {
    const { students } = studentHours(
      [
        row({ id: 1, start: MONDAY, end: MONDAY + H, students: ['s1'], cancelled: true, cancelledReason: 'teachers' }),
        row({
          id: 2,
          appointmentInstance: 20,
          start: MONDAY + DAY,
          end: MONDAY + DAY + H,
          students: ['s1'],
          valid: false,
        }),
        row({ id: 3, start: MONDAY + 2 * DAY, end: MONDAY + 2 * DAY + 2 * H, students: ['s1'] }),
      ],
      period,
    );
    const s1 = students.get('s1')!;
    expect(s1).toMatchObject({ programmed: 4, programmedToDate: 4, realised: 2, cancelled: 2 });
    expect(s1.byCause).toEqual({ teachers: 1, students: 0, changedPlanning: 0, other: 0, removed: 1 });
  });

  it('counts two options at one time once, and time outside the period not at all', () => {
    const { students } = studentHours(
      [
        row({ id: 1, start: MONDAY + H, end: MONDAY + 3 * H, students: ['s1'] }),
        row({ id: 2, start: MONDAY + 2 * H, end: MONDAY + 4 * H, students: ['s1'], type: 'activity' }),
        row({ id: 3, start: MONDAY - H, end: MONDAY + H, students: ['s1'] }), // half before `from`
        row({ id: 4, start: MONDAY + 5 * H, end: MONDAY + 6 * H, students: ['s1'], type: 'meeting' }),
      ],
      period,
    );
    expect(students.get('s1')).toMatchObject({ programmed: 4, realised: 4 });
  });

  it('takes a version without a students list by its groups, and says how many did', () => {
    const { students, viaGroups } = studentHours(
      [
        row({ id: 1, start: MONDAY, end: MONDAY + H, groups: ['4h1'] }),
        row({ id: 2, start: MONDAY + H, end: MONDAY + 2 * H, students: ['s1'] }),
      ],
      {
        ...period,
        groupsOf: new Map([
          ['s1', ['4h1']],
          ['s2', ['4h1']],
          ['s3', ['4v1']],
        ]),
      },
    );
    expect(viaGroups).toBe(1);
    expect(students.get('s1')!.realised).toBe(2);
    expect(students.get('s2')!.realised).toBe(1);
    expect(students.get('s3')!.programmed).toBe(0); // in no counted appointment: there, with 0
  });
});

describe('a klas against the norm', () => {
  it('is the mean of its students, with its lowest and how many are behind the norm to date', () => {
    const s = (student: string, realised: number) => ({
      student,
      programmed: 1000,
      programmedToDate: 500,
      realised,
      expected: realised + 500,
      cancelled: 500 - realised,
      byCause: { teachers: 0, students: 0, changedPlanning: 0, other: 0, removed: 0 },
    });
    // havo: 4,700 over 5 years = 940 a year; half the year's programme done → 470 by now.
    expect(normToDate('havo', 500, 1000)).toBe(470);
    const klas = groupHours([s('a', 480), s('b', 460), s('c', 500)], 'havo');
    expect(klas).toMatchObject({ students: 3, realised: 480, lowestRealised: 460, belowNorm: 1 });
  });

  it('maps department codes to their norm, none for what it cannot tell', () => {
    expect(
      ['mavo3', 'vmbo-kb', 'havo4', 'vwo6', 'gymnasium1', 'atheneum2', 'brugklas'].map((c) => opleidingOfCode(c)),
    ).toEqual(['vmbo', 'vmbo', 'havo', 'vwo', 'vwo', 'vwo', null]);
  });

  it('gives the time several spans share to the first tag only, so the parts add up', () => {
    const parts = coveredSeconds(
      [
        { start: 0, end: 10, tag: 1 },
        { start: 5, end: 15, tag: 0 },
        { start: 20, end: 30, tag: 1 },
      ],
      2,
    );
    expect(parts).toEqual([10, 15]); // 5–15 for tag 0; 0–5 and 20–30 for tag 1
  });
});

describe('on the sandbox school, recomputed straight from its rows', () => {
  it('gives each student of a klas exactly the minutes their rows say, week 46 of 2026', async () => {
    const { generateSchool } = await import('@/sandbox/school/index');
    const { weekWindow } = await import('@/lib/partner-api/values');
    const data = generateSchool();
    const week = weekWindow({ year: 2026, week: 46 });
    const rows = [...data.appointments.inWindow(week.start, week.end)];
    const { students } = studentHours(rows as CatalogRecord<'appointments'>[], {
      from: week.start,
      to: week.end,
      now: data.school.snapshotAt,
    });
    // The straight way: each instance's lowest and highest valid visible id, minutes marked in a set.
    const counted = new Set(['lesson', 'exam', 'activity']);
    const byInstance = new Map<unknown, Record<string, unknown>[]>();
    for (const r of rows)
      if (counted.has(r.type as string))
        byInstance.set(r.appointmentInstance ?? `v${r.id}`, [
          ...(byInstance.get(r.appointmentInstance ?? `v${r.id}`) ?? []),
          r,
        ]);
    const minutes = (
      pick: (versions: Record<string, unknown>[]) => Record<string, unknown> | undefined,
      student: string,
    ) => {
      const marked = new Set<number>();
      for (const versions of byInstance.values()) {
        const v = pick([...versions].sort((a, b) => (a.id as number) - (b.id as number)));
        if (!v || !(v.students as string[]).includes(student)) continue;
        for (let t = v.start as number; t < (v.end as number); t += 60) marked.add(t);
      }
      return marked.size / 60;
    };
    const first = (vs: Record<string, unknown>[]) => vs[0];
    const given = (vs: Record<string, unknown>[]) => {
      const current = vs.findLast((v) => v.valid === true && v.hidden !== true);
      return current && current.cancelled !== true ? current : undefined;
    };
    const klas = [...data.school.students.values()].filter((s) => s.mainGroup === '4h2').map((s) => s.code);
    expect(klas.length).toBeGreaterThan(10);
    for (const code of klas) {
      const s = students.get(code)!;
      expect(s.programmed).toBeCloseTo(minutes(first, code), 9);
      expect(s.realised).toBeCloseTo(minutes(given, code), 9);
      expect(s.programmed).toBeGreaterThan(20);
    }
  }, 60_000);
});
