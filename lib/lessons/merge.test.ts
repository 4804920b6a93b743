import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekWindow } from '@/lib/partner-api/values';
import { readWindow } from '@/sandbox/http/resources';
import { localInstant } from '@/sandbox/school/calendar';
import { applyChanges } from '@/sandbox/school/changes';
import { generateSchool } from '@/sandbox/school/index';
import { Random } from '@/sandbox/school/random';
import { fromFullRead, mergeDelta, replaceAll } from './merge';

// The live merge against the sandbox's own change model: after any sequence of changes, the
// week merged from deltas equals a fresh full read.

const data = generateSchool();
const NOW = localInstant('2026-11-18T12:00');
const W47 = weekWindow({ year: 2026, week: 47 });
const fields = [
  'id',
  'appointmentInstance',
  'start',
  'end',
  'teachers',
  'locations',
  'groups',
  'students',
  'cancelled',
  'valid',
  'hidden',
  'lastModified',
  'changeDescription',
  'timeChanged',
];

const read = (modifiedSince?: number) => readWindow(data, W47, fields, { modifiedSince, now: NOW });

describe('the live merge', () => {
  it('equals a fresh full read after any sequence of changes', () => {
    let clock = NOW;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }),
        fc.integer(),
        (rounds, seed) => {
          const rng = new Random(seed);
          let week = fromFullRead(read());
          for (const changes of rounds) {
            clock += rng.int(0, 90); // changes may share a second with the last read
            applyChanges(data, rng, changes, clock);
            week = mergeDelta(week, read(week.highest!));
          }
          const fresh = fromFullRead(read());
          expect([...week.byId.keys()].sort()).toEqual([...fresh.byId.keys()].sort());
          for (const [id, row] of fresh.byId) expect(week.byId.get(id)).toEqual(row);
        },
      ),
      { numRuns: 30 },
    );
  }, 60_000);

  it('counts only real changes and remembers what changed since load', () => {
    const first = fromFullRead(read());
    const same = mergeDelta(first, read(first.highest!));
    expect(same.lastChanges).toBe(0);
    const ids = applyChanges(data, new Random(3), 5, NOW + 10_000).flatMap((r) => r.ids);
    const next = mergeDelta(same, read(same.highest!));
    expect(next.lastChanges).toBeGreaterThan(0);
    const inWeek = ids.filter((id) => next.byId.has(id));
    for (const id of inWeek) expect(next.changedSinceLoad.has(id)).toBe(true);
  });

  it('a full re-read marks exactly what differs, including rows that went away', () => {
    const before = fromFullRead([{ id: 1, teachers: ['a'] }, { id: 2, teachers: ['b'] }, { id: 3 }]);
    const after = replaceAll(before, [{ id: 1, teachers: ['a'] }, { id: 2, teachers: ['c'] }, { id: 4 }]);
    expect([...after.changedSinceLoad].sort()).toEqual([2, 4]);
    expect(after.lastChanges).toBe(3);
    expect([...after.byId.keys()]).toEqual([1, 2, 4]);
  });
});
