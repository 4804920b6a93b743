import 'server-only';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd, dayStart, isoDateAt } from '@/lib/partner-api/calendar';
import { fieldList, type PickedRecord } from '@/lib/partner-api/records';
import { weekWindow } from '@/lib/partner-api/values';
import { COUNTED_FIELDS, missedLessons, type MissedLesson } from './hours';

// A student's lessons that did not happen (issue 48's drill-down: klas → student → lessons), by
// the rule of their lesuitval hours. Where the rights filter on `user` and `appointmentInstance`,
// the student's versions over the period are read, then every version of their chains (a lesson
// moved or replaced is judged by its current version); else the period's weeks are read straight.
// Nothing of it is kept.

/** The counted fields, and what a missed lesson shows of itself. */
const FIELDS = fieldList('appointments', [...COUNTED_FIELDS, 'teachers', 'subjects']);
type Row = PickedRecord<'appointments', (typeof FIELDS)[number]>;

/** Instances asked for at once (a URL of some 2 KB). */
const CHUNK = 150;

export interface StudentLessons {
  data: MissedLesson[];
  /** How the lessons were found: by the student's own filter, or the period's weeks read. */
  read: 'user' | 'weeks';
}

export async function studentMissedLessons(
  reader: RightsReader,
  ask: { student: string; klas: string | null; from: string; to: string; now: number; types: readonly string[] },
  zone: string,
): Promise<StudentLessons> {
  // Only what has ended can have fallen out.
  const window = { start: dayStart(ask.from, zone), end: Math.min(dayEnd(ask.to, zone), ask.now) };
  const options = { from: window.start, to: window.end, now: ask.now, types: ask.types };
  if (window.end <= window.start) return { data: [], read: 'user' };
  const filters = reader.rights('appointments')?.filterFields ?? [];
  const byUser =
    ['user', 'appointmentInstance', 'includeHidden'].every((f) => filters.includes(f)) && !ask.student.startsWith('#');
  if (byUser) {
    const rows = await reader.budgeted(1, () => byStudent(reader, ask.student, window));
    return { data: missedLessons(rows, ask.student, ask.klas, options), read: 'user' };
  }
  const weeks = weeksBetween(ask.from, isoDateAt(window.end - 1, zone), zone);
  const rows = await reader.budgeted(weeks.length, async () =>
    (
      await Promise.all(
        weeks.map((w) => {
          const { start, end } = weekWindow(w, zone);
          return reader.read('appointments', FIELDS, { start: String(start), end: String(end), includeHidden: 'true' });
        }),
      )
    ).flat(),
  );
  return { data: missedLessons(rows, ask.student, ask.klas, options), read: 'weeks' };
}

/** The student's versions in the window, and every version of their chains. */
async function byStudent(
  reader: RightsReader,
  student: string,
  window: { start: number; end: number },
): Promise<Row[]> {
  const mine = await reader.read('appointments', FIELDS, {
    start: String(window.start),
    end: String(window.end),
    user: student,
    includeHidden: 'true',
  });
  const instances = [...new Set(mine.map((r) => r.appointmentInstance).filter((i) => typeof i === 'number'))];
  const chunks: number[][] = [];
  for (let i = 0; i < instances.length; i += CHUNK) chunks.push(instances.slice(i, i + CHUNK) as number[]);
  const chains = await Promise.all(
    chunks.map((ids) =>
      reader.read('appointments', FIELDS, { appointmentInstance: ids.join(','), includeHidden: 'true' }),
    ),
  );
  const byId = new Map<unknown, Row>();
  for (const r of [...mine, ...chains.flat()]) byId.set(r.id ?? `${r.start}:${byId.size}`, r);
  return [...byId.values()];
}
