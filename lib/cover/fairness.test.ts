import { describe, expect, it } from 'vitest';
import { fairnessRows, loadOf, median } from './fairness';
import { LessonTally, replacementsIn } from '@/lib/lessons/tally';
import type { CatalogRecord } from '@/lib/partner-api/records';

// The fairness report's figures: a cover only where a planned teacher was away (a swap apart),
// covers per fte with the ranking's floor, every teacher in the median, most per fte first.

const at = (h: number) => 1_763_625_600 + h * 3600;
const version = (id: number, instance: number, teachers: string[], extra: Partial<Record<string, unknown>> = {}) =>
  ({
    id,
    appointmentInstance: instance,
    start: at(8),
    end: at(9),
    type: 'lesson',
    teachers,
    valid: true,
    hidden: false,
    cancelled: false,
    teacherChanged: teachers.length > 0,
    ...extra,
  }) as CatalogRecord<'appointments'>;

describe('a cover against a swap', () => {
  // Lesson 1: planned abc, now xyz, abc absent then: a cover. Lesson 2: planned def, now xyz, def
  // at school: a swap. Lesson 3: planned ghi and still ghi's: neither.
  const tally = new LessonTally().add([
    version(1, 10, ['abc'], { valid: false, teacherChanged: false }),
    version(2, 10, ['xyz']),
    version(3, 20, ['def'], { valid: false, teacherChanged: false }),
    version(4, 20, ['xyz']),
    version(5, 30, ['ghi'], { teacherChanged: false }),
  ]);
  it('counts a cover only where one it was planned with was away then', () => {
    const seen: [string, string][] = [];
    replacementsIn(
      tally,
      at(0),
      at(24),
      (t) => t === 'abc',
      (teacher, kind) => seen.push([teacher, kind]),
    );
    expect(seen.sort()).toEqual([
      ['xyz', 'cover'],
      ['xyz', 'swap'],
    ]);
  });
  it('an absence at another time makes it a swap', () => {
    const kinds: string[] = [];
    replacementsIn(
      tally,
      at(0),
      at(24),
      (t, span) => t === 'abc' && span.start >= at(12),
      (_, kind) => kinds.push(kind),
    );
    expect(kinds).toEqual(['swap', 'swap']);
  });
});

describe('the rows and the median', () => {
  const weeks = ['2026-W46', '2026-W47'];
  const counted = new Map([
    ['aaa', new Map([['2026-W46', { covers: 2, swaps: 1 }]])],
    [
      'bbb',
      new Map([
        ['2026-W46', { covers: 1, swaps: 0 }],
        ['2026-W47', { covers: 1, swaps: 0 }],
      ]),
    ],
  ]);
  const staff = new Map([
    ['aaa', { name: 'A', fte: 0.4 }],
    ['bbb', { name: 'B', fte: 1 }],
    ['ccc', { name: 'C', fte: 1 }],
    ['zero', { name: 'Z', fte: 0 }],
  ]);
  const rows = fairnessRows(weeks, counted, staff);
  it('weighs covers per fte (two at 0,4 as five at 1,0), most first, every teacher a row', () => {
    expect(rows.map((r) => [r.employee, r.covers, r.coversPerFte])).toEqual([
      ['aaa', 2, 5],
      ['bbb', 2, 2],
      ['ccc', 0, 0],
      ['zero', 0, 0],
    ]);
    expect(rows[0]!.swaps).toBe(1);
    expect(rows[1]!.weeks).toEqual([
      { week: '2026-W46', covers: 1 },
      { week: '2026-W47', covers: 1 },
    ]);
  });
  it('takes the median over everyone, those without a cover too', () => {
    expect(median(rows.map(loadOf))).toBe(1);
    expect(median([])).toBe(0);
    expect(median([3, 1, 2])).toBe(2);
  });
  it('without an fte counts covers', () => {
    const plain = fairnessRows(weeks, counted, new Map([['aaa', { name: 'A', fte: null }]]));
    expect(plain.map((r) => [r.employee, r.coversPerFte, loadOf(r)])).toEqual([
      ['aaa', null, 2],
      ['bbb', null, 2],
    ]);
  });
});
