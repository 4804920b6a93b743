import { DateTime } from 'luxon';
import { lessonChains } from '@/lib/changes/day-changes';
import { byVersionId, chainKey, list, num as numberOf, slotKey, text } from '@/lib/timetable/appointment';
import { localTime } from '@/lib/format/dates';
import { readDate } from '@/lib/partner-api/values';
import type { ContractFigure } from './figures';
import { displayName, nameSortKey, type NameParts } from '@/lib/people/names';
import type { TeacherLoad } from './types';

// A teacher's load in one week, from the portal's answers alone (Untis calls it the value
// calculation: target, actual, actual − target):
// - contract figures: the contracts active in the week, summed (`lessonsToPlan` is taken per week);
// - scheduled: lessons (type `lesson`) valid, not cancelled, not hidden, the teacher among `teachers`,
//   each id once; cancelled: the same but cancelled;
// - cover: the teacher is among `teachers` of such a lesson whose `teacherChanged` is true and was
//   not a teacher of its previous version (no previous version read: every teacher of it);
// - absence hours: each absence's `absenceDuration` (hours) shared over its school days (Mon–Fri),
//   the days in the week counted.
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

/** Days since 1970-01-01 of a calendar date (no zone: a date is a date). */
const dayNumber = (date: DateTime) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** Monday to Friday among the days numbered [first, last] (1970-01-01, day 0, was a Thursday). */
function weekdaysBetween(first: number, last: number): number {
  if (last < first) return 0;
  // Whole weeks hold five each; the days left over are counted one by one (at most six).
  const days = last - first + 1;
  let count = Math.floor(days / 7) * 5;
  for (let d = first + Math.floor(days / 7) * 7; d <= last; d++) {
    const weekday = (((d + 3) % 7) + 7) % 7; // 0 Monday … 6 Sunday
    if (weekday < 5) count++;
  }
  return count;
}

/**
 * Monday to Friday from one instant to another, counted in days: every school day the span
 * touches in the zone counts whole (from the day of `from` to the last day starting before `to`).
 * Two dates are read in the zone; the days between are counted, not walked.
 */
export function schoolDayShare(from: number, to: number, zone: string): number {
  if (!(to > from)) return 0;
  const first = localTime(from, zone);
  const end = localTime(to, zone);
  if (first && end) return weekdaysBetween(first.days, end.seconds === 0 ? end.days - 1 : end.days);
  // Near a DST switch: the dates as luxon reads them.
  const start = DateTime.fromSeconds(from, { zone });
  const stop = DateTime.fromSeconds(to, { zone });
  // A span ending at a day's start does not touch that day.
  const last = stop.equals(stop.startOf('day')) ? stop.minus({ days: 1 }) : stop;
  return weekdaysBetween(dayNumber(start), dayNumber(last));
}

/** The hours of an absence that fall in [start, end): its duration shared over its school days. */
export function absenceHoursIn(absence: Raw, start: number, end: number, zone: string): number | null {
  const from = num(absence.start);
  const to = num(absence.end);
  const hours = num(absence.absenceDuration);
  if (from === null || to === null || hours === null) return null;
  const all = schoolDayShare(from, to, zone);
  if (all === 0) return 0;
  return (hours * schoolDayShare(Math.max(from, start), Math.min(to, end), zone)) / all;
}

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
    scheduled: zero(rights.lessons),
    cancelled: zero(rights.lessons),
    cover: zero(rights.cover),
    absenceHours: zero(rights.absences),
    contracts: [],
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

  const monday = DateTime.fromSeconds(start, { zone }).toISODate()!;
  const sunday = DateTime.fromSeconds(end - 1, { zone }).toISODate()!;
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

  if (rights.absences)
    for (const a of input.absences) {
      const employee = typeof a.employee === 'string' ? a.employee : '';
      const load = employee ? loads.get(employee) : undefined;
      if (!load) continue;
      load.absenceHours = add(load.absenceHours, absenceHoursIn(a, start, end, zone));
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

  /** Counts each lesson in [start, end) once for each of its teachers (see `weekLoad`). */
  count(start: number, end: number, withCover: boolean, of: (code: string) => TeacherLoad): void {
    const counted = new Set<number>();
    for (const versions of this.chains.values()) {
      versions.sort(byVersionId);
      for (let i = 0; i < versions.length; i++) {
        const a = versions[i]!;
        if (!a.valid || a.hidden || a.start < start || a.start >= end) continue;
        if (a.id !== null) {
          if (counted.has(a.id)) continue;
          counted.add(a.id);
        }
        const previous = i > 0 ? versions[i - 1]! : null;
        for (const teacher of new Set(a.teachers)) {
          const load = of(teacher);
          if (a.cancelled) load.cancelled = (load.cancelled ?? 0) + 1;
          else {
            load.scheduled = (load.scheduled ?? 0) + 1;
            if (withCover && a.teacherChanged && !previous?.teachers.includes(teacher))
              load.cover = (load.cover ?? 0) + 1;
          }
        }
      }
    }
  }
}

/** The lessons behind a teacher's cancelled or cover figure in a week (the list a figure opens). */
export function lessonsBehind(
  rows: Iterable<Raw>,
  teacher: string,
  figure: 'cancelled' | 'cover',
  start: number,
  end: number,
) {
  const out = [];
  for (const versions of lessonChains(rows))
    for (const [i, a] of versions.entries()) {
      if (!a.valid || a.hidden || a.start < start || a.start >= end || !a.teachers.includes(teacher)) continue;
      const previous = i > 0 ? versions[i - 1]! : null;
      if (
        figure === 'cancelled' ? a.cancelled : !a.cancelled && a.teacherChanged && !previous?.teachers.includes(teacher)
      )
        out.push(a);
    }
  return out.sort((a, b) => a.start - b.start);
}

/** Several weeks summed per teacher; fte averaged over the weeks with a contract. */
export function sumWeeks(weeks: readonly TeacherLoad[][]): TeacherLoad[] {
  const sums = new Map<string, TeacherLoad & { fteWeeks: number }>();
  const SUMMED = ['lessonsToPlan', 'lessonsMax', 'scheduled', 'cancelled', 'cover', 'absenceHours'] as const;
  for (const week of weeks)
    for (const load of week) {
      const sum = sums.get(load.employee);
      if (!sum) {
        sums.set(load.employee, { ...load, contracts: [...load.contracts], fteWeeks: load.fteNet === null ? 0 : 1 });
        continue;
      }
      for (const k of SUMMED) sum[k] = add(sum[k], load[k]);
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
