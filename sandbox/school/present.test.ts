import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoDateAt, weekdayOf } from '@/lib/partner-api/calendar';
import { schoolYearOf } from '@/lib/partner-api/values';
import { easterSunday, isSchoolDay, SCHOOL_ZONE } from './calendar';
import { FIXED_TODAY } from './fixed';
import { generateSchool, type SandboxData } from './index';
import { nextSchoolDay, schoolMoment } from './present';
import type { Row } from './types';

// Issue 47: the school lives on any date; one date, the tests' fixed school, is kept byte for byte.

/** This school year's rows: the earlier year (sandbox/school/earlier-year.ts) came later, beside it. */
const ofThisYear = (data: SandboxData) => {
  const current = new Set(data.school.currentProjects.map((p) => p.branchOfSchool));
  const projects = new Set(data.school.currentProjects.map((p) => p.id));
  return {
    rows: [...data.appointments.all()].filter((r) => current.has(r.branchOfSchool as number)),
    tables: {
      ...data.school.tables,
      groupindepartments: data.school.tables.groupindepartments.filter((g) => g.projects.some((p) => projects.has(p))),
    },
  };
};

/** This year's every appointment version (by id), every other table, the cover scenario and the calendar. */
function digest(data: SandboxData): string {
  const { rows: unsorted, tables } = ofThisYear(data);
  const rows = unsorted.sort((a, b) => (a.id as number) - (b.id as number));
  const { year } = data;
  return createHash('sha256')
    .update(JSON.stringify(rows))
    .update(JSON.stringify(tables))
    .update(JSON.stringify(data.cover))
    .update(
      JSON.stringify([
        data.school.snapshotAt,
        data.school.weeks,
        data.school.projects,
        year.weeks,
        [...year.daysOff],
        [...year.examWeeks],
      ]),
    )
    .digest('hex');
}

// Taken from the school as it was before dates could move it (commit 9a8ed66): the fixed school
// the browser tests, the bench and the screenshots read must not move by a byte.
const FIXED_SHA256 = {
  default: '7699abdf20ffca5a516be1230576f464ba40cb66200a5a1151df041df39e08f4',
  seed7: '510597f27c6b4e431e6f5d116c7a9ecea300ed33230350552adcda99415e9bf6',
};

const current = (r: Row) => r.valid === true && r.hidden !== true && r.cancelled !== true;

describe('the fixed school (--today 2026-11-20)', () => {
  it('is the school the tests have always read, byte for byte', () => {
    const fixed = generateSchool({ today: FIXED_TODAY });
    expect(ofThisYear(fixed).rows.length).toBe(90_120);
    expect(digest(fixed)).toBe(FIXED_SHA256.default);
    expect(digest(generateSchool({ seed: 7, today: FIXED_TODAY }))).toBe(FIXED_SHA256.seed7);
    expect(fixed.moment).toMatchObject({ schoolDay: '2026-11-20', year: 2026 });
    expect(isoDateAt(fixed.school.snapshotAt, SCHOOL_ZONE)).toBe('2026-11-20');
    expect(fixed.cover.days.map((d) => d.date)).toEqual(['2026-11-18', '2026-11-19', '2026-11-25', '2026-11-26']);
  }, 60_000);
});

describe('a school on any date', () => {
  it('gives the same bytes for the same seed and date, twice', () => {
    const a = generateSchool({ seed: 7, today: '2027-10-06' });
    const b = generateSchool({ seed: 7, today: '2027-10-06' });
    expect(digest(a)).toBe(digest(b));
    expect(a.moment.year).toBe(2027); // 2027-2028
    // …and a different date is a different school.
    expect(digest(generateSchool({ seed: 7, today: '2027-10-07' }))).not.toBe(digest(a));
  }, 60_000);

  it('keeps the holidays by rule: Easter from its date, the summer, a weekend', () => {
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2030)).toBe('2030-04-21');
    const moment = schoolMoment('2028-04-17'); // Easter Monday 2028
    expect(moment.schoolDay).toBe('2028-04-18');
    expect(nextSchoolDay('2027-07-20')).toBe('2027-08-30'); // the summer: the coming year's first day
    expect(schoolMoment('2027-07-20').year).toBe(2027);
    expect(nextSchoolDay('2026-12-05')).toBe('2026-12-07'); // Saturday → Monday
    expect(nextSchoolDay('2026-12-25')).toBe('2027-01-11'); // Christmas (weeks 52, 53 and 1 of 2026-2027)
  });

  // The 15th of each month from August 2027 to July 2028: a school year holding the school day, and a
  // morning with teachers away whose lessons are open, read from the rows themselves.
  const dates = Array.from({ length: 12 }, (_, i) => {
    const month = ((7 + i) % 12) + 1;
    return `${month >= 8 ? 2027 : 2028}-${String(month).padStart(2, '0')}-15`;
  });

  it.each(dates)(
    '%s: a school year holding it and a morning to arrange',
    (today) => {
      const data = generateSchool({ today });
      const { moment, year } = data;
      expect(moment.schoolDay >= today).toBe(true);
      expect(weekdayOf(moment.schoolDay)).toBeLessThanOrEqual(5);
      expect(isSchoolDay(year, moment.schoolDay)).toBe(true);
      expect(schoolYearOf(moment.schoolDay)).toBe(year.year);
      expect(data.school.currentProjects.every((p) => p.schoolYear === year.year)).toBe(true);
      expect(data.school.projects.some((p) => p.schoolYear === year.year - 1)).toBe(true);
      // The snapshot is that morning at 07:30 and nothing is stamped later.
      expect(isoDateAt(data.school.snapshotAt, SCHOOL_ZONE)).toBe(moment.schoolDay);
      expect(data.appointments.highestLastModified).toBeLessThanOrEqual(data.school.snapshotAt);

      const [morning] = data.cover.days;
      expect(morning!.date).toBe(moment.schoolDay);
      expect(morning!.absent.length).toBeGreaterThanOrEqual(3);
      expect(data.cover.nobody).not.toBeNull();
      expect(data.cover.consecutive).not.toBeNull();
      // Open: the current version still names a teacher who is recorded absent then.
      const absences = data.school.tables.employeeabsences.map(({ row }) => row);
      const away = (code: string, start: number, end: number) =>
        absences.some((a) => a.employee === code && (a.start as number) < end && start < (a.end as number));
      const open = morning!.open.map((id) => data.appointments.get(id)!);
      expect(open.length).toBeGreaterThan(0);
      for (const lesson of open) {
        expect(current(lesson)).toBe(true);
        expect(isoDateAt(lesson.start as number, SCHOOL_ZONE)).toBe(moment.schoolDay);
        expect((lesson.teachers as string[]).some((t) => away(t, lesson.start as number, lesson.end as number))).toBe(
          true,
        );
      }
      // Absences of the weeks before, and leave planned ahead (recorded before the snapshot).
      expect(absences.some((a) => (a.end as number) < data.school.snapshotAt)).toBe(true);
      const ahead = absences.filter((a) => (a.start as number) > data.school.snapshotAt);
      expect(ahead.length).toBeGreaterThan(0);
      for (const a of ahead) expect(a.created as number).toBeLessThanOrEqual(data.school.snapshotAt);
    },
    60_000,
  );
});

describe('the fixed school at scale 4 (the bench)', () => {
  it('gives every absence its own id and stamps nothing after the snapshot', () => {
    const data = generateSchool({ scale: 4, today: FIXED_TODAY });
    const ids = data.school.tables.employeeabsences.map(({ row }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(data.appointments.highestLastModified).toBeLessThanOrEqual(data.school.snapshotAt);
    for (const { row } of data.school.tables.employeeabsences)
      expect(row.lastModified as number).toBeLessThanOrEqual(data.school.snapshotAt);
  }, 120_000);
});
