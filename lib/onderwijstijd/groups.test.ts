import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from '@/lib/partner-api/records';
import { departmentsOf, klasRows, klasStudents } from './groups';
import type { StudentHours } from './hours';

const hours = (student: string, realised: number): StudentHours => ({
  student,
  programmed: 40,
  programmedToDate: 20,
  realised,
  expected: realised + 20,
  cancelled: 20 - realised,
  byCause: { teachers: 20 - realised, students: 0, changedPlanning: 0, other: 0, removed: 0 },
});

describe('onderwijstijd per klas', () => {
  it('takes a klas’s students from the lessons given to it alone, not from clusters or shared lessons', () => {
    const rows = [
      { id: 1, groups: ['4h1'], students: ['a', 'b'] },
      { id: 2, groups: ['4h.wiA'], students: ['a', 'c'] },
      { id: 3, groups: ['4h1', '4h2'], students: ['d'] },
      { id: 4, groups: ['4h1'], students: null },
    ] as unknown as CatalogRecord<'appointments'>[];
    expect([...klasStudents(rows)].map(([k, s]) => [k, [...s]])).toEqual([['4h1', ['a', 'b']]]);
  });

  it('gives each klas its department’s opleiding, the code’s where the type is not told, none where unknown', () => {
    const dept = departmentsOf(
      [
        { name: '4h1', departmentOfBranch: 11 },
        { name: '2m1', departmentOfBranch: 12 },
        { name: 'xx', departmentOfBranch: 99 },
      ],
      [
        { id: 11, code: 'havo4', yearOfEducation: 4, educationType: 'havo' },
        { id: 12, code: 'mavo2', yearOfEducation: 2 },
      ],
    );
    expect(dept('4h1')).toEqual({ code: 'havo4', opleiding: 'havo', yearOfEducation: 4, source: 'department' });
    expect(dept('2m1')).toEqual({ code: 'mavo2', opleiding: 'vmbo', yearOfEducation: 2, source: 'code' });
    expect(dept('xx').source).toBe('none');
    const rows = klasRows(
      new Map([
        ['a', hours('a', 18)],
        ['b', hours('b', 20)],
      ]),
      new Map([['4h1', new Set(['a', 'b'])]]),
      dept,
    );
    // havo: 940 a year; half the programme done → 470 due: both are far behind in this toy week.
    expect(rows).toEqual([
      expect.objectContaining({ group: '4h1', students: 2, realizedHours: 19, lowestStudentHours: 18, belowNorm: 2 }),
    ]);
    expect(rows[0]!.normToDateHours).toBe(470);
  });
});
