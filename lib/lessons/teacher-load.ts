import { LessonTally } from './tally';
import { absenceHoursOnce } from './absence-time';
import { isoDateAt } from '@/lib/partner-api/calendar';
import { readDate } from '@/lib/partner-api/values';
import { displayName, nameSortKey, type NameParts } from '@/lib/people/names';
import { SUMMED_FIGURES, type ContractFigure, type TeacherLoad } from './load-figures';
import type { CatalogRecord } from '@/lib/partner-api/records';

// A teacher's load in one week, from the portal's answers alone (Untis calls it the value
// calculation: target, actual, actual − target):
// - contract figures: the contracts active in the week, summed (`lessonsToPlan` is taken per week);
// - the week's lessons (type `lesson`) by their version chains (`roleOf`): planned (the first
//   version names the teacher), and of those cancelled (or removed) and taken over (another
//   teacher gives it now); cover (given by the teacher, not planned with them); given. Always
//   planned − cancelled − takenOver + cover = given;
// - absence hours: `absenceDuration` shared over the school days, a person's overlaps once.
// Pure: the route, its tests and the benchmark share it.

/** Which figures the rights give (a figure not given stays null, never 0). */
export interface LoadRights {
  /** `appointments` with type, teachers, valid, cancelled and hidden readable. */
  lessons: boolean;
  /** …and `teacherChanged` and `appointmentInstance`, for cover lessons. */
  cover: boolean;
  contracts: Record<ContractFigure, boolean>;
  /** `employeeabsences` with employee, start, end and absenceDuration. */
  absences: boolean;
}

/** The portal's own balances (year figures: summed over contracts, not over weeks). */
export const BALANCES = ['clockHoursBalance', 'lessonSpace', 'taskSpace'] as const satisfies readonly ContractFigure[];
export type Balance = (typeof BALANCES)[number];

export interface WeekInput {
  /** Monday 00:00 to next Monday 00:00 in the school's zone (unix seconds). */
  start: number;
  end: number;
  zone: string;
  /** The week's appointments, or their lessons already gathered as they arrived. */
  appointments: Iterable<CatalogRecord<'appointments'>> | LessonTally;
  contracts: Iterable<CatalogRecord<'contracts'>>;
  absences: Iterable<CatalogRecord<'employeeabsences'>>;
  /** Names by user code (from /employees, else the contracts' own name fields). */
  names: ReadonlyMap<string, NameParts>;
  rights: LoadRights;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

/** A teacher with nothing counted yet: zero where the rights let a figure be counted, else unknown (null). */
export function emptyLoad(employee: string, names: ReadonlyMap<string, NameParts>, rights: LoadRights): TeacherLoad {
  const name = names.get(employee);
  const zero = (given: boolean) => (given ? 0 : null);
  return {
    employee,
    name: (name && displayName(name)) || employee,
    sortKey: name ? nameSortKey(name) : employee,
    lessonsToPlan: null,
    lessonsMax: null,
    fteNet: null,
    clockHoursBalance: null,
    lessonSpace: null,
    taskSpace: null,
    planned: zero(rights.lessons),
    cancelled: zero(rights.lessons),
    takenOver: zero(rights.cover),
    cover: zero(rights.cover),
    given: zero(rights.lessons),
    absenceHours: zero(rights.absences),
    contracts: [],
    doubt: null,
  };
}

/** The week's load, one record per teacher: everyone with a lesson, or with lessons to plan, that week. */
export function weekLoad(input: WeekInput): TeacherLoad[] {
  const { start, end, zone, rights } = input;
  const loads = new Map<string, TeacherLoad>();
  const of = (code: string) => {
    let load = loads.get(code);
    if (!load) loads.set(code, (load = emptyLoad(code, input.names, rights)));
    return load;
  };

  if (rights.lessons) {
    const tally =
      input.appointments instanceof LessonTally ? input.appointments : new LessonTally().add(input.appointments);
    tally.count(start, end, rights.cover, of);
  }

  const monday = isoDateAt(start, zone);
  const sunday = isoDateAt(end - 1, zone);
  for (const c of input.contracts) {
    const employee = typeof c.employee === 'string' ? c.employee : '';
    if (!employee) continue;
    const from = readDate(c.start);
    const to = readDate(c.end);
    if ((from && from > sunday) || (to && to < monday)) continue;
    const toPlan = rights.contracts.lessonsToPlan ? num(c.lessonsToPlan) : null;
    // Staff without lessons to plan (support staff) appear only where they teach.
    if (!loads.has(employee) && !(toPlan && toPlan > 0) && !(rights.lessons === false)) continue;
    const load = of(employee);
    if (typeof c.id === 'number') load.contracts.push(c.id);
    const figures = rights.contracts;
    if (figures.lessonsToPlan) load.lessonsToPlan = add(load.lessonsToPlan, toPlan);
    if (figures.lessonsMax) load.lessonsMax = add(load.lessonsMax, num(c.lessonsMax));
    if (figures.fteNet) load.fteNet = add(load.fteNet, num(c.fteNet));
    for (const b of BALANCES) if (figures[b]) load[b] = add(load[b], num(c[b]));
  }

  if (rights.absences) {
    // A person's overlapping absences count their time once.
    const hours = absenceHoursOnce([...input.absences], start, end, zone);
    for (const [a, h] of hours) {
      const employee = typeof a.employee === 'string' ? a.employee : '';
      const load = employee ? loads.get(employee) : undefined;
      if (load) load.absenceHours = add(load.absenceHours, h);
    }
  }
  return [...loads.values()];
}

/** Several weeks summed per teacher; fte averaged over the weeks with a contract. */
export function sumWeeks(weeks: readonly TeacherLoad[][]): TeacherLoad[] {
  const sums = new Map<string, TeacherLoad & { fteWeeks: number }>();
  for (const week of weeks)
    for (const load of week) {
      const sum = sums.get(load.employee);
      if (!sum) {
        sums.set(load.employee, { ...load, contracts: [...load.contracts], fteWeeks: load.fteNet === null ? 0 : 1 });
        continue;
      }
      for (const k of SUMMED_FIGURES) sum[k] = add(sum[k], load[k]);
      if (load.fteNet !== null) {
        sum.fteNet = add(sum.fteNet, load.fteNet);
        sum.fteWeeks++;
      }
      for (const b of BALANCES) if (sum[b] === null) sum[b] = load[b];
      for (const id of load.contracts) if (!sum.contracts.includes(id)) sum.contracts.push(id);
    }
  return [...sums.values()].map(({ fteWeeks, ...load }) => ({
    ...load,
    fteNet: load.fteNet === null || fteWeeks === 0 ? null : load.fteNet / fteWeeks,
  }));
}
