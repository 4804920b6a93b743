import { dayChanges } from './day-changes';

// One definition of a change, and one count of them, wherever a count is shown (Vandaag, /changes,
// the timetable's status): the changes the portal's version chains imply for a window (dayChanges),
// each instance once.

export interface ChangeCounts {
  /** Changes in the window, each appointment instance once. */
  total: number;
  cancelled: number;
  teacher: number;
  location: number;
  moved: number;
  group: number;
  /** Added, removed or otherwise changed (the portal's description only). */
  other: number;
}

/** Counts the changes of [start, end) (unix seconds) in the versions read, as /changes lists them. */
export function countChanges(
  rows: Iterable<Readonly<Record<string, unknown>>>,
  start: number,
  end: number,
): ChangeCounts {
  const counts: ChangeCounts = { total: 0, cancelled: 0, teacher: 0, location: 0, moved: 0, group: 0, other: 0 };
  for (const change of dayChanges(rows, start, end)) {
    counts.total++;
    for (const kind of change.kinds) {
      if (kind === 'added' || kind === 'removed') counts.other++;
      else counts[kind]++;
    }
  }
  return counts;
}
