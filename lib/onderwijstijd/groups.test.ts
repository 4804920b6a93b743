import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from '@/lib/partner-api/records';
import { departmentsOf } from './groups';
import { weekFiguresOfRows } from '../../tests/support/week-figures';

describe('onderwijstijd per klas', () => {
  it('takes a klas’s students from the lessons given to it alone, not from clusters or shared lessons', () => {
    const rows = [
      { id: 1, groups: ['4h1'], students: ['a', 'b'] },
      { id: 2, groups: ['4h.wiA'], students: ['a', 'c'] },
      { id: 3, groups: ['4h1', '4h2'], students: ['d'] },
      { id: 4, groups: ['4h1'], students: null },
      { id: 5, groups: ['4h3'], students: null },
    ] as unknown as CatalogRecord<'appointments'>[];
    // 4h3's lessons name no students (the groups rule): the klas is there, its figures its own.
    const { klassen } = weekFiguresOfRows(rows, [], { start: 0, end: 1 }, { now: 0, types: ['lesson'] });
    expect([...klassen].map(([k, s]) => [k, [...s]])).toEqual([
      ['4h1', ['a', 'b']],
      ['4h3', []],
    ]);
  });

  it('gives each klas its department’s opleiding, the code’s where the type is not told, none where unknown', () => {
    const groups = [
      { name: '4h1', departmentOfBranch: 11 },
      { name: '2m1', departmentOfBranch: 12 },
      { name: 'xx', departmentOfBranch: 99 },
      { name: '3t1', departmentOfBranch: 13 },
    ];
    const departments = [
      { id: 11, code: 'havo4', yearOfEducation: 4, educationType: 'havo' },
      { id: 12, code: 'mavo2', yearOfEducation: 2 },
      { id: 13, code: 'tto3', yearOfEducation: 3 },
    ];
    const dept = departmentsOf(groups, departments);
    expect(dept('4h1')).toEqual({ code: 'havo4', opleiding: 'havo', yearOfEducation: 4, source: 'department' });
    expect(dept('2m1')).toEqual({ code: 'mavo2', opleiding: 'vmbo', yearOfEducation: 2, source: 'code' });
    expect(dept('xx').source).toBe('none');
    expect(dept('3t1')).toMatchObject({ code: 'tto3', opleiding: null, source: 'none' });
    // The school's own rule names tto as vwo.
    expect(departmentsOf(groups, departments, [{ prefix: 'TTO', opleiding: 'vwo' }])('3t1')).toMatchObject({
      opleiding: 'vwo',
      source: 'code',
    });
  });
});
