import { describe, expect, it } from 'vitest';
import { cumulativeFigures, type EarlierYear } from './cumulative';
import { EQUAL_SHARES, NORM_HOURS } from './definitions';
import { earlierProjects } from './earlier-years.server';
import type { KlasRow, StudentRow } from './figures';

// Onderwijstijd over the opleiding: each earlier year whole plus this year to date, against the norm
// over the same years, worked out here by hand from the parts.

const student = (code: string, klas: string, realised: number, norm: number | null) =>
  ({ student: code, klas, yearRealizedHours: realised, normToDateHours: norm }) as StudentRow;
const klasRow = (group: string, educationType: KlasRow['educationType'], yearOfEducation: number) =>
  ({ group, educationType, yearOfEducation }) as KlasRow;

const current = {
  students: new Map([
    ['1', student('1', '2h1', 300, 320)],
    ['2', student('2', '2h1', 340, 320)],
    ['3', student('3', '2h1', 280, 320)], // new this year: not in the earlier year
    ['#1m1', student('#1m1', '1m1', 310, 300)],
  ]),
  klassen: new Map([
    ['2h1', ['1', '2', '3']],
    ['1m1', ['#1m1']],
  ]),
  klasRows: [klasRow('2h1', 'havo', 2), klasRow('1m1', 'vmbo', 1)],
};
const earlier: EarlierYear[] = [
  {
    schoolYear: 2025,
    projects: [1251],
    appointments: 1000,
    students: new Map([
      ['1', { realised: 900, klas: '1h1', leerjaar: 1 }],
      ['2', { realised: 1000, klas: '1h2', leerjaar: 1 }],
      ['9', { realised: 950, klas: '1h3', leerjaar: 1 }], // left the school: not in this year's figures
    ]),
  },
];
const yearNorm = NORM_HOURS.havo / 5;

describe('onderwijstijd over the opleiding', () => {
  const over = cumulativeFigures(current, 2026, earlier, EQUAL_SHARES);

  it('adds each earlier year whole to this year to date, against the norm over the same years', () => {
    expect(over.students.get('1')).toMatchObject({
      realizedHours: 1200,
      normToDateHours: yearNorm + 320,
      belowNorm: 1200 < yearNorm + 320,
      years: [
        { schoolYear: 2025, klas: '1h1', leerjaar: 1, realizedHours: 900, normHours: yearNorm },
        { schoolYear: 2026, klas: '2h1', leerjaar: 2, realizedHours: 300, normHours: 320 },
      ],
    });
    expect(over.students.get('2')!.belowNorm).toBe(false); // 1,340 against 1,260
    expect(over.students.get('1')!.belowNorm).toBe(true); // 1,200 against 1,260
  });

  it('counts a year a student was not at the school in neither the hours nor the norm', () => {
    expect(over.students.get('3')).toMatchObject({ realizedHours: 280, normToDateHours: 320, belowNorm: true });
    expect(over.students.get('3')!.years.map((y) => y.schoolYear)).toEqual([2026]);
    expect(over.students.has('9')).toBe(false);
  });

  it('gives a klas its mean student, its parts adding up, and leaves out a klas read by its groups', () => {
    const klas = over.klasRows.find((r) => r.group === '2h1')!;
    expect(klas).toMatchObject({
      students: 3,
      schoolYears: [2025, 2026],
      earlierHours: Math.round(((900 + 1000) / 3) * 100) / 100,
      thisYearHours: 306.67,
      lowestStudentHours: 280,
      belowNorm: 2,
    });
    expect(klas.realizedHours).toBeCloseTo(klas.earlierHours! + klas.thisYearHours, 6);
    expect(klas.normToDateHours).toBeCloseTo((2 * (yearNorm + 320) + 320) / 3, 2);
    expect(over.klasRows.find((r) => r.group === '1m1')).toMatchObject({
      students: 0,
      earlierHours: null,
      normToDateHours: null,
    });
    expect(over.students.has('#1m1')).toBe(false);
  });

  it('without an earlier year is this year alone', () => {
    const alone = cumulativeFigures(current, 2026, [], EQUAL_SHARES);
    expect(alone.students.get('1')).toMatchObject({ realizedHours: 300, normToDateHours: 320 });
    // No student of the klas has an earlier year: none shown, not 0 hours.
    expect(alone.klasRows.find((r) => r.group === '2h1')).toMatchObject({ earlierHours: null, thisYearHours: 306.67 });
  });

  it('reads the earlier years of the longest opleiding that the portal grants, and only those', () => {
    const projects = [
      { id: 1261, schoolYear: 2026 },
      { id: 1252, schoolYear: 2025 },
      { id: 1251, schoolYear: 2025 },
      { id: 1201, schoolYear: 2020 }, // six years back: beyond vwo's five earlier leerjaren
      { id: 1211, schoolYear: 2021 },
      { id: 999, schoolYear: null },
    ];
    expect(earlierProjects(projects, 2026)).toEqual([
      { schoolYear: 2025, projects: [1251, 1252] },
      { schoolYear: 2021, projects: [1211] },
    ]);
  });
});
