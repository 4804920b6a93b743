import { fateOfLessons, type Absence } from '@/lib/changes/day-changes';
import type { Appointment } from '@/lib/timetable/appointment';
import { displayName, nameSortKey, type NameParts } from '@/lib/people/names';
import { absenceHoursIn } from './teacher-load';
import type { AbsenceCost, AbsenceLesson } from './types';

// What absences cost over a range: each absence overlapping it with the lessons it touched and
// what became of each, judged by the same rule as the day's changes (fateOfLessons).

type Raw = Readonly<Record<string, unknown>>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Absences overlapping [from, to), lenient: one without an employee is kept (it touches no lesson). */
export function absencesIn(rows: Iterable<Raw>, from: number, to: number): Raw[] {
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

export function absenceCosts(
  absences: readonly Raw[],
  chains: readonly Appointment[][],
  from: number,
  to: number,
  zone: string,
  names: ReadonlyMap<string, NameParts>,
): AbsenceCost[] {
  return absences.map((a) => {
    const employee = text(a.employee);
    const absence: Pick<Absence, 'employee' | 'start' | 'end'> = { employee, start: num(a.start), end: num(a.end) };
    const lessons = employee
      ? fateOfLessons(chains, absence, from, to).map(({ appointment, outcome }) =>
          lesson(appointment, outcome.kind, outcome.kind === 'covered' ? outcome.by : []),
        )
      : [];
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
      hours: absenceHoursIn(a, from, to, zone),
      lessons,
      hoursLost: lessons
        .filter((l) => l.fate === 'cancelled' || l.fate === 'removed')
        .reduce((h, l) => h + (l.end - l.start) / 3600, 0),
    };
  });
}

export interface CostTotals {
  key: string;
  absences: number;
  hours: number | null;
  lessons: number;
  cancelled: number;
  covered: number;
  removed: number;
  unresolved: number;
  hoursLost: number;
}

/** Totals per absence type or per person (the key a cost is counted under). */
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
      unresolved: 0,
      hoursLost: 0,
    };
    t.absences++;
    if (c.hours !== null) t.hours = (t.hours ?? 0) + c.hours;
    t.lessons += c.lessons.length;
    for (const l of c.lessons) t[l.fate]++;
    t.hoursLost += c.hoursLost;
    totals.set(key, t);
  }
  return [...totals.values()];
}
