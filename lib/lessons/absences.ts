import type { Appointment } from './appointment';
import { currentVersion, lessonChains, outcomeFor } from './chains';
import type { CatalogRecord } from '@/lib/partner-api/records';

// Absences on a day, and what became of an absent person's lessons: the rule the day's changes and
// the staffing pages' absence costs share.

export interface Absence {
  key: string;
  employee: string;
  start: number | null;
  end: number | null;
  type: number | null;
  typeCode: string;
  name: string;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Absences overlapping the day, lenient: a row without an employee is kept under its id. */
export function absencesOn(
  rows: Iterable<CatalogRecord<'employeeabsences'>>,
  dayStart: number,
  dayEnd: number,
): Absence[] {
  const out: Absence[] = [];
  for (const r of rows) {
    const start = num(r.start);
    const end = num(r.end);
    if ((start !== null && start >= dayEnd) || (end !== null && end <= dayStart)) continue;
    const employee = text(r.employee);
    out.push({
      key: `${String(r.id)}`,
      employee,
      start,
      end,
      type: num(r.absenceType),
      typeCode: text(r.absenceTypeCode),
      name: [text(r.firstName), text(r.prefix), text(r.lastName)].filter(Boolean).join(' '),
    });
  }
  return out.sort((a, b) => a.employee.localeCompare(b.employee) || (a.start ?? 0) - (b.start ?? 0));
}

export type LessonOutcome =
  { kind: 'cancelled' } | { kind: 'covered'; by: string[] } | { kind: 'removed' } | { kind: 'unresolved' };

export interface AbsentLesson {
  appointment: Appointment;
  outcome: LessonOutcome;
}

/**
 * The absent person's lessons within [from, to) and the absence, and what happened to each:
 * cancelled, covered by another teacher (a newer version without them), removed, or still theirs
 * (unresolved). The day's changes and the staffing pages' absence costs judge with this one rule.
 */
export function fateOfLessons(
  chains: readonly Appointment[][],
  absence: Pick<Absence, 'employee' | 'start' | 'end'>,
  from: number,
  to: number,
): AbsentLesson[] {
  const lo = Math.max(from, absence.start ?? from);
  const hi = Math.min(to, absence.end ?? to);
  const out: AbsentLesson[] = [];
  for (const versions of chains) {
    if (!versions.some((v) => v.teachers.includes(absence.employee))) continue;
    const now = currentVersion(versions);
    const shown = now ?? versions.at(-1)!;
    if (!(shown.start < hi && lo < shown.end)) continue;
    const fate = outcomeFor(now, absence.employee);
    const outcome: LessonOutcome =
      fate === 'otherTeacher'
        ? { kind: 'covered', by: now!.teachers }
        : { kind: fate === 'given' ? 'unresolved' : fate };
    out.push({ appointment: shown, outcome });
  }
  return out.sort((a, b) => a.appointment.start - b.appointment.start);
}

/** The absent person's lessons that day within the absence and what happened to each (fateOfLessons). */
export function lessonsOfAbsent(
  rows: Iterable<CatalogRecord<'appointments'>>,
  absence: Pick<Absence, 'employee' | 'start' | 'end'>,
  dayStart: number,
  dayEnd: number,
): AbsentLesson[] {
  return fateOfLessons(lessonChains(rows), absence, dayStart, dayEnd);
}
