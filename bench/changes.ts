import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { dayChanges, groupChanges } from '../lib/changes/day-changes';
import { weekWindow } from '../lib/partner-api/values';
import { GRID_FIELDS } from '../lib/timetable/fields';
import { readWindow } from '../sandbox/http/resources';
import { generateSchool } from '../sandbox/school/index';
import { FIXED_TODAY } from '../sandbox/school/fixed';
import { median, record, reported, round, type BenchResult } from './lib/results';

// The changes of a school day (Wednesday 18 November 2026) built from the whole school's week of
// versions (week 47, deleted and replaced versions included, the grid's fields), as /changes
// builds it in the browser on every poll: the version chains, before → after, and grouping by
// group. Median of 25 runs after 5 warm-ups, at scale 1 and 4.

const RUNS = 25;

export function benchChanges(): BenchResult[] {
  const results: BenchResult[] = [];
  for (const scale of [1, 4]) {
    const data = generateSchool({ scale, today: FIXED_TODAY });
    const rows = readWindow(data, weekWindow({ year: 2026, week: 47 }), [...GRID_FIELDS]);
    const day = DateTime.fromISO('2026-11-18', { zone: 'Europe/Amsterdam' });
    const [start, end] = [day.toSeconds(), day.plus({ days: 1 }).toSeconds()];
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      const changes = dayChanges(rows, start, end);
      groupChanges(changes, 'group');
      const ms = performance.now() - t0;
      if (i >= 5) times.push(ms);
      count = changes.length;
    }
    results.push(
      reported(
        `changes of a day from the week's versions (scale ${scale}, ${rows.length} versions, ${count} changes)`,
        'build time (median)',
        round(median(times), 1),
        'ms',
      ),
    );
  }
  return results.map((r) => ({ ...r, group: 'changes' }));
}

// Alone, it records its own rows; bench/run.ts records them with the others.
if (import.meta.url === `file://${process.argv[1]}`) record(benchChanges());
