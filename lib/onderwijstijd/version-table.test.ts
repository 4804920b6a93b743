import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from '@/lib/partner-api/records';
import { COUNTED, NAMED, TIMED, VersionTable, visitCodes } from './version-table';

// A read's versions as numbers, from messy records: numbers sent as text, nulls and empty codes in
// lists, keys missing, a version without an end — every record kept, each read as the grid reads it.

const rows = [
  {
    id: '7',
    appointmentInstance: 70,
    start: '1000',
    end: 4600,
    type: 'lesson',
    students: ['a', null, '', 12],
    groups: ['4h1'],
    cancelledReason: 'teachers',
    cancelled: true,
    lastModified: 5,
  },
  { id: 8, start: 2000, end: null, type: 'lesson', students: ['b'], groups: ['4h1'] },
  { id: 9, start: 3000, end: 2000, groups: ['4h.ne1', null], valid: null, hidden: true },
] as unknown as CatalogRecord<'appointments'>[];

describe('a read as a table of numbers', () => {
  it('reads every record leniently and numbers its codes once for the visit', () => {
    const codes = visitCodes();
    const t = VersionTable.from(rows, ['lesson'], codes);
    expect(t.size).toBe(3);
    expect([...t.id]).toEqual([7, 8, 9]);
    expect([...t.start]).toEqual([1000, 2000, 3000]);
    expect(t.end[0]).toBe(4600);
    expect(t.end[2]).toBe(3000); // an end before its start is its start, as the grid reads it
    expect([...t.studentsOf(0)].map((s) => codes.students.list[s])).toEqual(['a', '12']);
    expect(t.has(0, COUNTED) && t.has(0, NAMED) && t.has(0, TIMED)).toBe(true);
    expect(t.has(1, TIMED)).toBe(false); // no end: read (its klas, its chain), no time counted
    expect(t.has(2, COUNTED) || t.has(2, NAMED)).toBe(false); // no type: 'unknown', not counted
    expect([...t.groupsOf(2)].map((g) => codes.groups.list[g])).toEqual(['4h.ne1']);
    // The same code in another read of the visit is the same number.
    const again = VersionTable.from([{ id: 10, start: 0, end: 1, students: ['a'] }] as never, ['lesson'], codes);
    expect(again.studentsOf(0)[0]).toBe(t.studentsOf(0)[0]);
  });

  it('gives a chain version as kept between visits, a missing value as null', () => {
    const t = VersionTable.from(rows, ['lesson']);
    expect(t.chainVersion(0)).toEqual({
      id: 7,
      appointmentInstance: 70,
      start: 1000,
      end: 4600,
      type: 'lesson',
      valid: true,
      hidden: false,
      cancelled: true,
      cancelledReason: 'teachers',
      lastModified: 5,
    });
    expect(t.chainVersion(2)).toMatchObject({ type: '', valid: true, hidden: true, lastModified: null });
  });

  it("names a klas's students only from versions given to it alone, not a cluster's", () => {
    const t = VersionTable.from(rows, ['lesson']);
    const klassen = t.klassen([0, 1, 2]);
    expect([...klassen].map(([g, s]) => [t.codes.groups.list[g], [...s].map((c) => t.codes.students.list[c])])).toEqual(
      [['4h1', ['a', '12', 'b']]],
    );
  });
});
