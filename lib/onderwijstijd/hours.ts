import { fieldList, type CatalogRecord } from '@/lib/partner-api/records';
import { currentVersion, versionChains } from '@/lib/lessons/chains';
import type { Appointment } from '@/lib/lessons/appointment';
import { COUNTING_TYPES, normToDate, type Opleiding } from './definitions';

// Onderwijstijd per student (issue 48), from the portal's version chains:
// - programmed: each chain's first version (the timetable as planned), at its time;
// - realised: the chain's current version (valid, visible, highest id), not cancelled, ended by `now`;
// - expected: realised and the current versions still to come;
// - lesuitval: programmed time that has ended whose chain now is cancelled or removed, by cause.
// Hours are the union of a student's counted appointments: two that overlap (a choice slot's
// options, a clash) count their time once. A student takes part where their code is in the version's
// `students`, or, where that list is absent, one of their groups is in its `groups`.

const HOUR = 3600;

/** What the counting reads of a version (countSeconds, missedLessons): every read it counts asks for these. */
export const COUNTED_FIELDS = fieldList('appointments', [
  'id',
  'appointmentInstance',
  'start',
  'end',
  'type',
  'groups',
  'students',
  'valid',
  'hidden',
  'cancelled',
  'cancelledReason',
]);

/** Why programmed time did not happen: the portal's `cancelledReason`, or the lesson removed. */
export const CAUSES = ['teachers', 'students', 'changedPlanning', 'other', 'removed'] as const;
export type Cause = (typeof CAUSES)[number];

export interface StudentHours {
  student: string;
  programmed: number;
  /** Programmed time that has ended by `now`: what lesuitval is a share of. */
  programmedToDate: number;
  realised: number;
  expected: number;
  /** Lesuitval: the parts by cause add up to it (time two causes share counts for the first). */
  cancelled: number;
  byCause: Record<Cause, number>;
}

export interface HoursOptions {
  /** The period, Unix seconds [from, to); appointments count for their time inside it. */
  from: number;
  to: number;
  /** What has ended by now is realised (or fell out). */
  now: number;
  types?: readonly string[];
  /** Each student's groups, for versions without a `students` list (the groups rule). */
  groupsOf?: ReadonlyMap<string, readonly string[]>;
}

export interface Span {
  start: number;
  end: number;
  tag: number;
}

/** Seconds covered per tag, time several spans share counted once, for the lowest tag among them. */
export function coveredSeconds(spans: readonly Span[], tags: number): number[] {
  const out = new Array<number>(tags).fill(0);
  // Most students' lost lessons follow one another (the counting hands them over in order of
  // start): then each counts whole, with no events to sort.
  let reach = -Infinity;
  let apart = true;
  for (const s of spans) {
    if (s.start < reach) {
      apart = false;
      break;
    }
    if (s.end > s.start) {
      out[s.tag]! += s.end - s.start;
      reach = s.end;
    }
  }
  if (apart) return out;
  out.fill(0);
  const events: [number, number, number][] = [];
  for (const s of spans) if (s.end > s.start) events.push([s.start, 1, s.tag], [s.end, -1, s.tag]);
  events.sort((a, b) => a[0] - b[0]);
  const open = new Array<number>(tags).fill(0);
  let at = events[0]?.[0] ?? 0;
  for (const [time, delta, tag] of events) {
    if (time > at) {
      const first = open.findIndex((n) => n > 0);
      if (first >= 0) out[first]! += time - at;
      at = time;
    }
    open[tag]! += delta;
  }
  return out;
}

/** A klas named on versions without a `students` list, where none of its students is known: counted as one. */
export const klasCode = (group: string) => `#${group}`;

/**
 * Who takes part in a version: its students; else the known students of its groups, and a group
 * none of whose students is known as itself (`#4h1`: per klas only, the groups rule).
 */
function participants(
  v: Pick<Appointment, 'students' | 'groups'>,
  byGroup: ReadonlyMap<string, readonly string[]>,
): readonly string[] {
  if (v.students !== null) return v.students;
  const out = new Set<string>();
  for (const g of v.groups) {
    const known = byGroup.get(g);
    if (known && known.length > 0) for (const s of known) out.add(s);
    else out.add(klasCode(g));
  }
  return [...out];
}

/** Why a chain whose current version is cancelled fell out: the portal's reason, else 'other'. */
export const causeOf = (reason: string | null | undefined): Cause =>
  reason === 'teachers' || reason === 'students' || reason === 'changedPlanning' ? reason : 'other';

/**
 * A participant's seconds, in the order of `SUMS`: what a week holds of each figure. Weeks add up
 * (an appointment belongs to the week it starts in and is clipped to it), so a period's figures are
 * the sums of its weeks'.
 */
export const SUMS = ['programmed', 'programmedToDate', 'realised', 'expected', 'cancelled', ...CAUSES] as const;
export type Sums = number[];
export const emptySums = (): Sums => new Array<number>(SUMS.length).fill(0);
const AT = Object.fromEntries(SUMS.map((k, i) => [k, i])) as Record<(typeof SUMS)[number], number>;

/** Adds `b` into `a` (seconds, in the order of SUMS). */
export function addInto(a: Sums, b: ArrayLike<number>): Sums {
  for (let i = 0; i < SUMS.length; i++) a[i]! += b[i] ?? 0;
  return a;
}

/** A participant's hours from their seconds. */
export function hoursOf(student: string, s: ArrayLike<number>): StudentHours {
  const h = (k: (typeof SUMS)[number]) => (s[AT[k]] ?? 0) / HOUR;
  return {
    student,
    programmed: h('programmed'),
    programmedToDate: h('programmedToDate'),
    realised: h('realised'),
    expected: h('expected'),
    cancelled: h('cancelled'),
    byCause: Object.fromEntries(CAUSES.map((c) => [c, h(c)])) as Record<Cause, number>,
  };
}

export interface GroupHours {
  students: number;
  programmed: number;
  realised: number;
  expected: number;
  cancelled: number;
  /** The lowest realised of its students, and how many fall below the norm's share to date. */
  lowestRealised: number;
  belowNorm: number;
}

/** A klas's figures: the mean over its students, its lowest, and how many are behind the norm. */
export function groupHours(
  students: readonly StudentHours[],
  opleiding: Opleiding | null,
  yearShare?: number,
): GroupHours {
  const n = students.length;
  const mean = (pick: (s: StudentHours) => number) => (n === 0 ? 0 : students.reduce((a, s) => a + pick(s), 0) / n);
  const behind = (s: StudentHours) =>
    opleiding !== null && s.realised < normToDate(opleiding, s.programmedToDate, s.programmed, yearShare);
  return {
    students: n,
    programmed: mean((s) => s.programmed),
    realised: mean((s) => s.realised),
    expected: mean((s) => s.expected),
    cancelled: mean((s) => s.cancelled),
    lowestRealised: n === 0 ? 0 : Math.min(...students.map((s) => s.realised)),
    belowNorm: students.filter(behind).length,
  };
}

/** A lesson a student was programmed for that did not happen: its first version, and why. */
export interface MissedLesson {
  id: number | null;
  start: number;
  end: number;
  type: string;
  subjects: string[];
  groups: string[];
  teachers: string[];
  cause: Cause;
}

/**
 * The lessons behind a student's lesuitval in [from, to): each chain whose first version they took
 * part in (by its `students`, or by their klas where the version names none), that has ended and
 * whose current version is cancelled or gone — the same rule as their cancelled hours.
 */
export function missedLessons(
  rows: Iterable<CatalogRecord<'appointments'>>,
  student: string,
  klas: string | null,
  options: HoursOptions,
): MissedLesson[] {
  const types = new Set(options.types ?? COUNTING_TYPES);
  const records = [...rows];
  const reasons = new Map<number, string>();
  for (const r of records)
    if (typeof r.id === 'number' && typeof r.cancelledReason === 'string') reasons.set(r.id, r.cancelledReason);
  const byGroup = new Map<string, string[]>(klas ? [[klas, [student]]] : []);
  const out: MissedLesson[] = [];
  for (const versions of versionChains(records, (a) => types.has(a.type)).values()) {
    const first = versions[0]!;
    const current = currentVersion(versions);
    if (first.end > options.now || (current && !current.cancelled)) continue;
    if (Math.min(first.end, options.to) <= Math.max(first.start, options.from)) continue;
    if (!participants(first, byGroup).includes(student)) continue;
    const { id, start, end, type, subjects, groups, teachers } = first;
    out.push({
      id,
      start,
      end,
      type,
      subjects,
      groups,
      teachers,
      cause: current ? causeOf(current.id !== null ? reasons.get(current.id) : null) : 'removed',
    });
  }
  return out.sort((a, b) => a.start - b.start);
}
