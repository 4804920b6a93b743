import 'server-only';
import { fieldList, type PickedRecord } from '@/lib/partner-api/records';
import { type RightsReader, weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd as dayEndOf, dayStart as dayStartOf } from '@/lib/partner-api/calendar';
import { formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { NEEDS } from '@/lib/lessons/load-figures';
import { LessonTally, replacementsIn } from '@/lib/lessons/tally';
import type { AwayAt } from './away.server';

// Covers per teacher over the fairness window: a lesson given by a teacher it was not planned with
// while one it was planned with was away (`replacementsIn`; a swap is not a cover).
// Each week's lesson versions come through the staffing reader's week cache (kept per portal and
// query in the state store, refreshed by `modifiedSince` as the spec prescribes), so a term's window
// re-reads only what changed in each week, and this week is read once for the counts and the ranking.

// Teacher codes, groups and subjects (who teaches whom this week), times and flags: no student data.
export const WEEK_FIELDS = fieldList('appointments', [...NEEDS.lessons, ...NEEDS.cover, 'groups', 'subjects']);
const FIELDS = WEEK_FIELDS;

/** A week's lesson version as the reader gives it: FIELDS, typed by the catalogue. */
export type WeekRow = PickedRecord<'appointments', (typeof FIELDS)[number]>;

/** A week's query of its lessons (the week cache's key): the whole week, lessons only. */
export function weekFilters(week: IsoWeek, zone: string) {
  const w = weekWindow(week, zone);
  return { start: String(w.start), end: String(w.end), type: 'lesson' };
}

/** A request's reader of kept weeks: each week read once, however many ask for it. */
export function weekReader(reader: RightsReader, zone: string) {
  const weeks = new Map<string, Promise<WeekRow[]>>();
  return (week: IsoWeek): Promise<WeekRow[]> => {
    const label = formatIsoWeek(week);
    let rows = weeks.get(label);
    if (!rows) weeks.set(label, (rows = reader.weekRows('appointments', FIELDS, weekFilters(week, zone))));
    return rows;
  };
}

/** Covers per teacher in the window (up to the end of the day) and on the day itself. */
export async function coverCounts(
  weekOf: (week: IsoWeek) => Promise<WeekRow[]>,
  window: { from: string; to: string },
  dayStart: number,
  dayEnd: number,
  zone: string,
  progress: (done: number, total: number) => Promise<void>,
  away: AwayAt,
): Promise<{ window: Map<string, number>; today: Map<string, number> }> {
  const from = dayStartOf(window.from, zone);
  const to = Math.min(dayEndOf(window.to, zone), dayEnd);
  const counts = new Map<string, number>();
  const today = new Map<string, number>();
  const weeks = weeksBetween(window.from, window.to, zone);
  await progress(0, weeks.length);
  for (const [i, week] of weeks.entries()) {
    const w = weekWindow(week, zone);
    const rows = await weekOf(week);
    const tally = new LessonTally().add(rows);
    countCovers(tally, Math.max(w.start, from), Math.min(w.end, to), away, counts);
    if (dayStart >= w.start && dayStart < w.end) countCovers(tally, dayStart, dayEnd, away, today);
    await progress(i + 1, weeks.length);
  }
  return { window: counts, today };
}

/** Covers per teacher in [start, end), added into a map. */
function countCovers(tally: LessonTally, start: number, end: number, away: AwayAt, into: Map<string, number>) {
  if (end <= start) return;
  replacementsIn(tally, start, end, away, (teacher, kind) => {
    if (kind === 'cover') into.set(teacher, (into.get(teacher) ?? 0) + 1);
  });
}
