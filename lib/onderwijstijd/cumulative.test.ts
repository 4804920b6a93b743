import { describe, expect, it } from 'vitest';
import { cumulativeFigures, type EarlierYear } from './cumulative';
import { EQUAL_SHARES, NORM_HOURS } from './definitions';
import { earlierProjects } from './earlier-years.server';
import type { KlasRow, StudentRow } from './figures';

// Onderwijstijd over the opleiding: each earlier year whole plus this year to date, against the norm
// over the same years, worked out here by hand from the parts.

const student = (code: string, klas: string, realised: number, norm: number | null) =>
  ({ student: code, klas, yearRealizedHours: realised, normToDateHours: norm }) as StudentRow;
const klasRow = (
  group: string,
  educationType: KlasRow['educationType'],
  yearOfEducation: number,
  normToDateHours: number | null,
) => ({ group, educationType, yearOfEducation, normToDateHours }) as KlasRow;

const current = {
  students: new Map([
    ['1', student('1', '2h1', 300, 320)],
    ['2', student('2', '2h1', 340, 320)],
    ['3', student('3', '2h1', 280, 320)], // new this year: not in the earlier year
    ['#1m1', student('#1m1', '1m1', 310, 300)],
    // In 2v1, and in a lesson given to 2h1 alone: vwo is theirs, whichever list they are found in.
    ['5', student('5', '2v1', 330, 340)],
  ]),
  klassen: new Map([
    ['2h1', ['1', '2', '3', '5']],
    ['2v1', ['5']],
    ['1m1', ['#1m1']],
  ]),
  klasRows: [klasRow('2h1', 'havo', 2, 322), klasRow('2v1', 'vwo', 2, 340), klasRow('1m1', 'vmbo', 1, 300)],
};
const earlier: EarlierYear[] = [
  {
    schoolYear: 2025,
    projects: [1251],
    appointments: 1000,
    unreadable: 0,
    students: new Map([
      ['1', { realised: 900, klas: '1h1', leerjaar: 1 }],
      ['2', { realised: 1000, klas: '1h2', leerjaar: 1 }],
      ['9', { realised: 950, klas: '1h3', leerjaar: 1 }], // left the school: not in this year's figures
      ['5', { realised: 1000, klas: '1v1', leerjaar: 1 }],
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

  it('gives a klas its mean student, its parts adding up, and nothing for a klas read by its groups', () => {
    const klas = over.klasRows.find((r) => r.group === '2h1')!;
    expect(klas).toMatchObject({
      students: 4,
      schoolYears: [2025, 2026],
      earlierHours: (900 + 1000 + 0 + 1000) / 4,
      thisYearHours: (300 + 340 + 280 + 330) / 4,
      lowestStudentHours: 280,
      belowNorm: 2,
    });
    expect(klas.realizedHours).toBeCloseTo(klas.earlierHours! + klas.thisYearHours!, 6);
    // This year's klas norm to date (as the year's table has it) plus its students' earlier norms.
    expect(klas.normToDateHours).toBeCloseTo(322 + (2 * yearNorm + 0 + 5700 / 6) / 4, 2);
    expect(over.klasRows.find((r) => r.group === '1m1')).toMatchObject({
      students: 0,
      earlierHours: null,
      thisYearHours: null,
      realizedHours: null,
      normToDateHours: null,
      lowestStudentHours: null,
    });
    expect(over.students.has('#1m1')).toBe(false);
  });

  it('holds a student to the norm of their own klas, in whichever klas they are listed', () => {
    expect(over.students.get('5')).toMatchObject({
      klas: '2v1',
      realizedHours: 1330,
      normToDateHours: 5700 / 6 + 340,
      years: [
        { schoolYear: 2025, klas: '1v1', leerjaar: 1, normHours: 5700 / 6 },
        { schoolYear: 2026, klas: '2v1', leerjaar: 2, normHours: 340 },
      ],
    });
  });

  it('counts a repeated leerjaar again, its hours and its share of the norm alike', () => {
    const repeated: EarlierYear = {
      ...earlier[0]!,
      students: new Map([['1', { realised: 900, klas: '2h3', leerjaar: 2 }]]),
    };
    expect(cumulativeFigures(current, 2026, [repeated], EQUAL_SHARES).students.get('1')).toMatchObject({
      realizedHours: 1200,
      normToDateHours: yearNorm + 320,
    });
    // Unequal shares: the leerjaar's own share that year.
    const shares = { ...EQUAL_SHARES, havo: [0.1, 0.3, 0.2, 0.2, 0.2] };
    const first = cumulativeFigures(current, 2026, earlier, shares).students.get('1')!.years[0]!;
    expect(first.normHours).toBeCloseTo(470, 6);
  });

  it('without an earlier year is this year alone', () => {
    const alone = cumulativeFigures(current, 2026, [], EQUAL_SHARES);
    expect(alone.students.get('1')).toMatchObject({ realizedHours: 300, normToDateHours: 320 });
    // No student of the klas has an earlier year: none shown, not 0 hours.
    expect(alone.klasRows.find((r) => r.group === '2h1')).toMatchObject({ earlierHours: null, thisYearHours: 312.5 });
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
