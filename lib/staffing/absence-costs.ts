import { fateOfLessons, type Absence } from '@/lib/lessons/absences';
import type { Appointment } from '@/lib/timetable/appointment';
import { displayName, nameSortKey, type NameParts } from '@/lib/people/names';
import { absenceHoursOnce } from '@/lib/lessons/absence-time';
import type { AbsenceCost, AbsenceLesson } from './types';
import type { CatalogRecord } from '@/lib/partner-api/records';

// What absences cost over a range: each absence overlapping it with the lessons it touched and
// what became of each, judged by the same rule as the day's changes (fateOfLessons). A person's
// overlapping absences count once: each school day's hours and each lesson go to one absence (the
// hours as `absenceHoursOnce` gives them; a lesson to the earliest absence it falls in), so the
// rows, the totals per type and per person and the range's total add up.

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Absences overlapping [from, to), lenient: one without an employee is kept (it touches no lesson). */
export function absencesIn(
  rows: Iterable<CatalogRecord<'employeeabsences'>>,
  from: number,
  to: number,
): CatalogRecord<'employeeabsences'>[] {
  return [...rows].filter((r) => {
    const start = num(r.start);
    const end = num(r.end);
    return !((start !== null && start >= to) || (end !== null && end <= from));
  });
}

const lesson = (a: Appointment, fate: AbsenceLesson['fate'], by: string[] = []): AbsenceLesson => ({
  id: a.id,
  start: a.start,
  end: a.end,
  subjects: a.subjects,
  groups: a.groups,
  fate,
  by,
});

/** Earliest first (an absence without a start first), then by id: who a shared day or lesson goes to. */
const byStart = (a: CatalogRecord<'employeeabsences'>, b: CatalogRecord<'employeeabsences'>) =>
  (num(a.start) ?? -Infinity) - (num(b.start) ?? -Infinity) || (num(a.id) ?? 0) - (num(b.id) ?? 0);

/**
 * Each absence with its lessons and hours in [from, to). A lesson still with the absent teacher is
 * `open` while it is to come (after `now`) and `unarranged` once it has passed.
 */
export function absenceCosts(
  absences: readonly CatalogRecord<'employeeabsences'>[],
  chains: readonly Appointment[][],
  from: number,
  to: number,
  zone: string,
  names: ReadonlyMap<string, NameParts>,
  now: number,
): AbsenceCost[] {
  const ordered = [...absences].sort(byStart);
  const hours = absenceHoursOnce(ordered, from, to, zone);
  // A lesson counts under one absence of its teacher: the earliest it falls in.
  const counted = new Set<string>();
  const costs = ordered.map((a): AbsenceCost => {
    const employee = text(a.employee);
    const absence: Pick<Absence, 'employee' | 'start' | 'end'> = { employee, start: num(a.start), end: num(a.end) };
    const lessons: AbsenceLesson[] = [];
    if (employee)
      for (const { appointment, outcome } of fateOfLessons(chains, absence, from, to)) {
        const key = `${employee}\u0000${appointment.instance ?? appointment.key}`;
        if (counted.has(key)) continue;
        counted.add(key);
        const fate = outcome.kind === 'unresolved' ? (appointment.start > now ? 'open' : 'unarranged') : outcome.kind;
        lessons.push(lesson(appointment, fate, outcome.kind === 'covered' ? outcome.by : []));
      }
    const name = names.get(employee) ?? a;
    return {
      id: num(a.id),
      employee,
      name: displayName(name as NameParts) || employee,
      sortKey: nameSortKey(name as NameParts),
      typeCode: text(a.absenceTypeCode),
      type: num(a.absenceType),
      start: absence.start,
      end: absence.end,
      hours: hours.get(a) ?? null,
      lessons,
      lessonsLost: lessons.filter((l) => l.fate === 'cancelled' || l.fate === 'removed').length,
      hoursLost: lessons
        .filter((l) => l.fate === 'cancelled' || l.fate === 'removed')
        .reduce((h, l) => h + (l.end - l.start) / 3600, 0),
      overlaps: [],
    };
  });
  // Each absence names the same person's absences it overlaps (their shared time counts once).
  for (const c of costs)
    for (const o of costs)
      if (o !== c && o.employee && o.employee === c.employee && overlap(c, o)) c.overlaps.push(o.id ?? -1);
  return costs;
}

const overlap = (a: AbsenceCost, b: AbsenceCost) =>
  (a.start ?? -Infinity) < (b.end ?? Infinity) && (b.start ?? -Infinity) < (a.end ?? Infinity);

export interface CostTotals {
  key: string;
  absences: number;
  hours: number | null;
  lessons: number;
  cancelled: number;
  covered: number;
  removed: number;
  open: number;
  unarranged: number;
  lessonsLost: number;
  hoursLost: number;
}

/** Totals per absence type or per person (the key a cost is counted under); one key for the range's total. */
export function costTotals(costs: readonly AbsenceCost[], keyOf: (c: AbsenceCost) => string): CostTotals[] {
  const totals = new Map<string, CostTotals>();
  for (const c of costs) {
    const key = keyOf(c);
    const t = totals.get(key) ?? {
      key,
      absences: 0,
      hours: null,
      lessons: 0,
      cancelled: 0,
      covered: 0,
      removed: 0,
      open: 0,
      unarranged: 0,
      lessonsLost: 0,
      hoursLost: 0,
    };
    t.absences++;
    if (c.hours !== null) t.hours = (t.hours ?? 0) + c.hours;
    t.lessons += c.lessons.length;
    for (const l of c.lessons) t[l.fate]++;
    t.lessonsLost += c.lessonsLost;
    t.hoursLost += c.hoursLost;
    totals.set(key, t);
  }
  return [...totals.values()];
}
