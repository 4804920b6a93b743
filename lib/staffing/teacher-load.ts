import { lessonChains, outcomeFor, plannedTeachers } from '@/lib/lessons/chains';
import {
  byVersionId,
  chainKey,
  isInstanceKey,
  list,
  num as numberOf,
  slotKey,
  text,
} from '@/lib/timetable/appointment';
import { absenceHoursOnce } from './absence-time';
import { isoDateAt } from '@/lib/partner-api/calendar';
import { readDate } from '@/lib/partner-api/values';
import { SUMMED_FIGURES, type ContractFigure } from './figures';
import { displayName, nameSortKey, type NameParts } from '@/lib/people/names';
import type { LessonBehind, TeacherLoad } from './types';

// A teacher's load in one week, from the portal's answers alone (Untis calls it the value
// calculation: target, actual, actual − target):
// - contract figures: the contracts active in the week, summed (`lessonsToPlan` is taken per week);
// - the week's lessons (type `lesson`) by their version chains (`roleOf`): planned (the first
//   version names the teacher), and of those cancelled (or removed) and taken over (another
//   teacher gives it now); cover (given by the teacher, not planned with them); given. Always
//   planned − cancelled − takenOver + cover = given;
// - absence hours: `absenceDuration` shared over the school days, a person's overlaps once.
// Pure: the route, its tests and the benchmark share it.

type Raw = Readonly<Record<string, unknown>>;

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
  appointments: Iterable<Raw> | LessonTally;
  contracts: Iterable<Raw>;
  absences: Iterable<Raw>;
  /** Names by user code (from /employees, else the contracts' own name fields). */
  names: ReadonlyMap<string, NameParts>;
  rights: LoadRights;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

function emptyLoad(employee: string, names: ReadonlyMap<string, NameParts>, rights: LoadRights): TeacherLoad {
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

/** A lesson version with what the load reads of it. */
interface Version {
  id: number | null;
  start: number;
  teachers: string[];
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
  teacherChanged: boolean;
}

/** A lesson of the week as the load reads it: who it was planned with, and its version now. */
export interface ChainLesson<V> {
  /** The teachers it was planned with (`plannedTeachers` of its first version). */
  planned: readonly string[];
  /** The current version (valid, visible, highest id); null when the lesson was removed. */
  current: V | null;
  /** The version the lesson is shown and placed in a week by: the current one, else the last. */
  shown: V;
}

/**
 * A chain of versions as one lesson of [start, end), or null when it is not one: hidden versions
 * are nobody's; a lesson belongs to the week its current (else last) version starts in; a chain
 * known only as a single superseded version (no appointmentInstance) says nothing of its lesson.
 */
export function chainLesson<V extends Version>(
  versions: readonly V[],
  byInstance: boolean,
  start: number,
  end: number,
): ChainLesson<V> | null {
  const seen = new Set<number>();
  const visible = versions.filter((v) => !v.hidden && (v.id === null || (!seen.has(v.id) && seen.add(v.id))));
  if (visible.length === 0) return null;
  visible.sort(byVersionId);
  const current = visible.findLast((v) => v.valid) ?? null;
  const shown = current ?? visible.at(-1)!;
  if (shown.start < start || shown.start >= end) return null;
  if (!byInstance && !current) return null;
  return { planned: plannedTeachers(visible[0]!), current, shown };
}

/** The lessons of a chain: one by its versions, or each version its own where no instance ties them. */
function lessonsOf<V extends Version>(versions: readonly V[], byInstance: boolean, start: number, end: number) {
  const lessons = byInstance
    ? [chainLesson(versions, true, start, end)]
    : versions.map((v) => chainLesson([v], false, start, end));
  return lessons.filter((l): l is ChainLesson<V> => l !== null);
}

/** What a lesson was for one of its teachers: the load's five figures in one place. */
export type LoadRole = 'given' | 'cancelled' | 'takenOver' | 'cover';

/**
 * A teacher's part in a lesson: planned with them and given by them, cancelled (or removed), or
 * taken over by another; or not planned with them and given by them (cover). null: not theirs.
 * planned = given + cancelled + takenOver of the planned ones, so planned − cancelled − takenOver
 * + cover = given always.
 */
export function roleOf(lesson: ChainLesson<Pick<Version, 'teachers' | 'cancelled'>>, teacher: string) {
  const outcome = outcomeFor(lesson.current, teacher);
  const planned = lesson.planned.includes(teacher);
  const role: LoadRole | null = planned
    ? outcome === 'given'
      ? 'given'
      : outcome === 'otherTeacher'
        ? 'takenOver'
        : 'cancelled'
    : outcome === 'given'
      ? 'cover'
      : null;
  return { planned, role };
}

/** The teachers a lesson concerns: those it was planned with and those who give it now. */
const teachersOf = (lesson: ChainLesson<Pick<Version, 'teachers'>>) =>
  new Set([...lesson.planned, ...(lesson.current?.teachers ?? [])]);

/**
 * A week's lessons gathered into their version chains as the rows arrive, a batch at a time, and
 * kept as the fields the load reads: the chains `lessonChains` makes (the same keys, order and
 * versions), without the grid's whole appointment per row.
 */
export class LessonTally {
  private readonly chains = new Map<string, Version[]>();
  /** Rows given, lessons or not (a week without any is a holiday in a range). */
  rows = 0;

  add(rows: Iterable<Raw>): this {
    for (const r of rows) {
      this.rows++;
      const start = numberOf(r.start);
      const end = numberOf(r.end);
      if (start === null || end === null || text(r.type) !== 'lesson') continue;
      const id = numberOf(r.id);
      // The chains `lessonChains` makes, by the same keys.
      const key = chainKey(
        numberOf(r.appointmentInstance),
        id !== null ? String(id) : slotKey(start, end, text(r.startTimeSlotName)),
      );
      const version: Version = {
        id,
        start,
        teachers: list(r.teachers),
        valid: r.valid !== false,
        hidden: r.hidden === true,
        cancelled: r.cancelled === true,
        teacherChanged: r.teacherChanged === true,
      };
      const chain = this.chains.get(key);
      if (chain) chain.push(version);
      else this.chains.set(key, [version]);
    }
    return this;
  }

  /** Counts each lesson of [start, end) once for each teacher it concerns (see `roleOf`). */
  count(start: number, end: number, withCover: boolean, of: (code: string) => TeacherLoad): void {
    for (const [key, versions] of this.chains)
      for (const lesson of lessonsOf(versions, withCover && isInstanceKey(key), start, end))
        for (const teacher of teachersOf(lesson)) {
          const { planned, role } = roleOf(lesson, teacher);
          if (role === null || (!withCover && (role === 'takenOver' || role === 'cover'))) continue;
          const load = of(teacher);
          if (planned) load.planned = (load.planned ?? 0) + 1;
          load[role] = (load[role] ?? 0) + 1;
          if (role === 'cover') load.given = (load.given ?? 0) + 1;
        }
  }
}

/** The lessons behind a teacher's cancelled, taken-over or cover figure in a week (the list a figure opens). */
export function lessonsBehind(
  rows: Iterable<Raw>,
  teacher: string,
  figure: 'cancelled' | 'takenOver' | 'cover',
  start: number,
  end: number,
): LessonBehind[] {
  const out: LessonBehind[] = [];
  for (const versions of lessonChains(rows))
    for (const lesson of lessonsOf(versions, versions[0]!.instance !== null, start, end))
      if (roleOf(lesson, teacher).role === figure) out.push({ ...lesson.shown, plannedTeachers: [...lesson.planned] });
  return out.sort((a, b) => a.start - b.start);
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
