import { describe, expect, it } from 'vitest';
import { weekWindow } from '@/lib/partner-api/values';
import { fromFullRead, mergeDelta } from '@/lib/lessons/merge';
import { readWindow } from '@/sandbox/http/resources';
import { localInstant } from '@/sandbox/school/calendar';
import { applyChanges } from '@/sandbox/school/changes';
import { generateSchool } from '@/sandbox/school/index';
import { Random } from '@/sandbox/school/random';

// Live updates never lose data: 1,000 random change rounds through the sandbox's change model;
// after every round the week merged from deltas equals a fresh full read.

const ROUNDS = 1000;
const data = generateSchool();
const NOW = localInstant('2026-11-18T12:00');
const week = weekWindow({ year: 2026, week: 47 });
const fields = ['id', 'start', 'teachers', 'locations', 'cancelled', 'valid', 'hidden', 'lastModified', 'students'];

const read = (modifiedSince?: number) => readWindow(data, week, fields, { modifiedSince, now: NOW });

/** Where the merged week differs from a fresh read (ids), or [] when equal. */
function differences(merged: ReadonlyMap<number, Record<string, unknown>>, fresh: Record<string, unknown>[]): number[] {
  const out: number[] = [];
  if (merged.size !== fresh.length) out.push(-1);
  for (const row of fresh) {
    const mine = merged.get(row.id as number);
    if (!mine || JSON.stringify(mine) !== JSON.stringify(row)) out.push(row.id as number);
  }
  return out;
}

describe('live updates never lose data', () => {
  it(`${ROUNDS} change rounds: the merged week equals a fresh full read after each`, () => {
    const rng = new Random(20261118);
    let clock = NOW;
    let merged = fromFullRead(read());
    let changedRows = 0;
    for (let round = 0; round < ROUNDS; round++) {
      clock += rng.int(0, 120); // several rounds may fall in one second: modifiedSince is inclusive
      applyChanges(data, rng, rng.int(1, 6), clock);
      const delta = read(merged.highest!);
      merged = mergeDelta(merged, delta);
      changedRows += merged.lastChanges;
      const diff = differences(merged.byId, read());
      if (diff.length > 0)
        expect.fail(`round ${round}: the merged week differs from a fresh read at ${diff.slice(0, 5).join(', ')}`);
    }
    expect(changedRows).toBeGreaterThan(ROUNDS / 2);
  }, 120_000);
});
