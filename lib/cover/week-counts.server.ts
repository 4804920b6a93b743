import 'server-only';
import { DateTime } from 'luxon';
import { formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { stateStore } from '@/lib/platform/state/state.server';
import { NEEDS } from '@/lib/staffing/figures';
import { weeksBetween, type StaffingReader } from '@/lib/staffing/staffing.server';
import { LessonTally } from '@/lib/staffing/teacher-load';
import type { TeacherLoad } from '@/lib/staffing/types';

// Covers per teacher over the fairness window, by the staffing pages' cover rule (LessonTally).
// A week's lesson versions are kept per portal in the state store (ids, times, teacher codes and
// flags: no student data) and refreshed by `modifiedSince` as the spec prescribes: the same
// parameters each time, the highest `lastModified` received, `includeHidden=true`. So a term's
// window re-reads only what changed in each past week.

type Raw = Record<string, unknown>;

// Teacher codes, groups and subjects (who teaches whom this week), times and flags: no student data.
const FIELDS = [...NEEDS.lessons, ...NEEDS.cover, 'groups', 'subjects', 'lastModified'];
const KEEP_MS = 120 * 86_400_000;

interface KeptWeek {
  rows: Raw[];
  lastModified: number | null;
}

const compact = (r: Raw): Raw => Object.fromEntries(FIELDS.filter((f) => f in r).map((f) => [f, r[f]]));

function highest(rows: readonly Raw[], from: number | null): number | null {
  let max = from;
  for (const r of rows)
    if (typeof r.lastModified === 'number' && (max === null || r.lastModified > max)) max = r.lastModified;
  return max;
}

/** A week's lesson versions: kept and refreshed where the rights allow, else read whole. */
async function weekRows(reader: StaffingReader, portal: string, start: number, end: number, label: string) {
  const filters = { start: String(start), end: String(end), type: 'lesson', includeHidden: 'true' };
  const incremental =
    reader.has('appointments', ['lastModified']) &&
    reader.filters('appointments', ['modifiedSince', 'includeHidden', 'start', 'end']);
  if (!incremental) return reader.read('appointments', FIELDS, filters);
  const key = `cover-week:v2:${portal}:${reader.projects.join(',')}:${label}`;
  const raw = await stateStore().get(key);
  const kept: KeptWeek | null = raw ? (JSON.parse(raw) as KeptWeek) : null;
  if (kept && kept.lastModified !== null) {
    const changed = await reader.read('appointments', FIELDS, { ...filters, modifiedSince: String(kept.lastModified) });
    if (changed.length === 0) return kept.rows;
    const byId = new Map(kept.rows.map((r) => [r.id, r]));
    const loose = kept.rows.filter((r) => typeof r.id !== 'number');
    for (const r of changed) if (typeof r.id === 'number') byId.set(r.id, compact(r));
    const rows = [...byId.values(), ...loose];
    await stateStore().set(key, JSON.stringify({ rows, lastModified: highest(changed, kept.lastModified) }), KEEP_MS);
    return rows;
  }
  const rows = (await reader.read('appointments', FIELDS, filters)).map(compact);
  await stateStore().set(key, JSON.stringify({ rows, lastModified: highest(rows, null) }), KEEP_MS);
  return rows;
}

/** A request's reader of kept weeks: each week read once, however many ask for it. */
export function weekReader(reader: StaffingReader, portal: string, zone: string) {
  const weeks = new Map<string, Promise<Raw[]>>();
  return (week: IsoWeek): Promise<Raw[]> => {
    const label = formatIsoWeek(week);
    let rows = weeks.get(label);
    if (!rows) {
      const w = weekWindow(week, zone);
      weeks.set(label, (rows = weekRows(reader, portal, w.start, w.end, label)));
    }
    return rows;
  };
}

/** Covers per teacher in the window (up to the end of the day) and on the day itself. */
export async function coverCounts(
  weekOf: (week: IsoWeek) => Promise<Raw[]>,
  window: { from: string; to: string },
  dayStart: number,
  dayEnd: number,
  zone: string,
  progress: (done: number, total: number) => Promise<void>,
): Promise<{ window: Map<string, number>; today: Map<string, number> }> {
  const from = DateTime.fromISO(window.from, { zone }).toUnixInteger();
  const to = Math.min(DateTime.fromISO(window.to, { zone }).plus({ days: 1 }).toUnixInteger(), dayEnd);
  const counts = new Map<string, number>();
  const today = new Map<string, number>();
  const weeks = weeksBetween(window.from, window.to, zone);
  await progress(0, weeks.length);
  for (const [i, week] of weeks.entries()) {
    const w = weekWindow(week, zone);
    const rows = await weekOf(week);
    const tally = new LessonTally().add(rows);
    countCovers(tally, Math.max(w.start, from), Math.min(w.end, to), counts);
    if (dayStart >= w.start && dayStart < w.end) countCovers(tally, dayStart, dayEnd, today);
    await progress(i + 1, weeks.length);
  }
  return { window: counts, today };
}

/** Covers per teacher that `LessonTally.count` finds in [start, end), added into a map. */
function countCovers(tally: LessonTally, start: number, end: number, into: Map<string, number>) {
  const loads = new Map<string, TeacherLoad>();
  const of = (code: string) => {
    let load = loads.get(code);
    if (!load) loads.set(code, (load = { planned: 0, cancelled: 0, takenOver: 0, cover: 0, given: 0 } as TeacherLoad));
    return load;
  };
  if (end > start) tally.count(start, end, true, of);
  for (const [code, load] of loads) if (load.cover) into.set(code, (into.get(code) ?? 0) + load.cover);
}
