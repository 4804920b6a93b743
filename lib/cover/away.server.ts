import 'server-only';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { dayEnd as dayEndOf, dayStart as dayStartOf } from '@/lib/partner-api/calendar';
import { overlaps } from './reliever-day';

// Who was away when over a period: absent (an absence), or elsewhere (an activity or an exam of
// theirs: an excursion, an invigilation). A lesson given by a teacher it was not planned with is
// a cover only when one it was planned with was away then (`replacementsIn`); the counts the
// ranking weighs and the fairness report read it the same way.

/** Whether a teacher was away at a time. */
export type AwayAt = (teacher: string, at: { start: number; end: number }) => boolean;

/** Who was away over a period, and what of it falls in a window, written out (a kept week's count holds while it stays the same). */
export type AwayOver = AwayAt & { within: (window: { start: number; end: number }) => string };

const ELSEWHERE = ['activity', 'exam'] as const;

/** Who was away over [from, to] (ISO days): one read of the absences, one of the activities and exams. */
export async function awayOver(reader: RightsReader, from: string, to: string, zone: string): Promise<AwayOver> {
  const start = String(dayStartOf(from, zone));
  const end = String(dayEndOf(to, zone));
  // Without a type filter an activity read would be the whole period's appointments: absences only then.
  const byType = reader.rights('appointments')?.filterFields.includes('type') ?? false;
  const [absences, ...elsewhere] = await Promise.all([
    reader.read('employeeabsences', ['employee', 'start', 'end'], { startDate: from, endDate: to }),
    // One read of both types: several values of a filter are a comma list (wire facts).
    ...(byType
      ? [
          reader.read('appointments', ['start', 'end', 'teachers', 'valid', 'cancelled', 'hidden'], {
            start,
            end,
            type: ELSEWHERE.join(','),
          }),
        ]
      : []),
  ]);
  const spans = new Map<string, { start: number; end: number }[]>();
  const add = (teacher: unknown, span: { start: number; end: number }) => {
    if (typeof teacher !== 'string' || !teacher) return;
    (spans.get(teacher) ?? spans.set(teacher, []).get(teacher)!).push(span);
  };
  for (const a of absences)
    add(a.employee, {
      start: typeof a.start === 'number' ? a.start : -Infinity,
      end: typeof a.end === 'number' ? a.end : Infinity,
    });
  for (const rows of elsewhere)
    for (const r of rows) {
      if (r.valid === false || r.hidden === true || r.cancelled === true) continue;
      if (typeof r.start !== 'number' || typeof r.end !== 'number' || !Array.isArray(r.teachers)) continue;
      for (const t of r.teachers) add(t, { start: r.start, end: r.end });
    }
  const at: AwayAt = (teacher, when) => (spans.get(teacher) ?? []).some((s) => overlaps(s, when));
  const within = (window: { start: number; end: number }) =>
    [...spans]
      .flatMap(([teacher, list]) =>
        list.filter((s) => overlaps(s, window)).map((s) => `${teacher}:${s.start}-${s.end}`),
      )
      .sort()
      .join(',');
  return Object.assign(at, { within });
}
