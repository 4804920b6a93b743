import type { CatalogRecord } from '@/lib/partner-api/records';
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

interface Span {
  start: number;
  end: number;
  tag: number;
}

/** Seconds covered per tag, time several spans share counted once, for the lowest tag among them. */
export function coveredSeconds(spans: readonly Span[], tags: number): number[] {
  const out = new Array<number>(tags).fill(0);
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

/** Who takes part in a version: its students, else the students of its groups. */
function participants(v: Appointment, byGroup: ReadonlyMap<string, readonly string[]>): readonly string[] {
  if (v.students !== null) return v.students;
  const out = new Set<string>();
  for (const g of v.groups) for (const s of byGroup.get(g) ?? []) out.add(s);
  return [...out];
}

const causeOf = (current: Appointment | null, reasons: ReadonlyMap<number, string>): Cause => {
  if (!current) return 'removed';
  const reason = current.id !== null ? reasons.get(current.id) : undefined;
  return reason === 'teachers' || reason === 'students' || reason === 'changedPlanning' ? reason : 'other';
};

interface Collected {
  programmed: Span[];
  toDate: Span[];
  realised: Span[];
  expected: Span[];
  cancelled: Span[];
}

/** Every student's onderwijstijd over the period, from the appointments read (every version). */
export function studentHours(
  rows: Iterable<CatalogRecord<'appointments'>>,
  options: HoursOptions,
): { students: Map<string, StudentHours>; viaGroups: number } {
  const types = new Set(options.types ?? COUNTING_TYPES);
  const records = [...rows];
  const reasons = new Map<number, string>();
  for (const r of records)
    if (typeof r.id === 'number' && typeof r.cancelledReason === 'string') reasons.set(r.id, r.cancelledReason);
  const byGroup = new Map<string, string[]>();
  for (const [student, groups] of options.groupsOf ?? [])
    for (const g of groups) byGroup.set(g, [...(byGroup.get(g) ?? []), student]);

  const collected = new Map<string, Collected>();
  const of = (student: string) => {
    let c = collected.get(student);
    if (!c) collected.set(student, (c = { programmed: [], toDate: [], realised: [], expected: [], cancelled: [] }));
    return c;
  };
  for (const student of options.groupsOf?.keys() ?? []) of(student);
  const clip = (v: Appointment, tag = 0): Span | null => {
    const start = Math.max(v.start, options.from);
    const end = Math.min(v.end, options.to);
    return end > start ? { start, end, tag } : null;
  };
  /** Versions whose participants came from their groups (no `students` list). */
  let viaGroups = 0;
  for (const versions of versionChains(records, (a) => types.has(a.type)).values()) {
    const first = versions[0]!;
    const current = currentVersion(versions);
    viaGroups +=
      (first.students === null ? 1 : 0) + (current && current !== first && current.students === null ? 1 : 0);
    const planned = clip(first);
    if (planned)
      for (const s of participants(first, byGroup)) {
        const c = of(s);
        c.programmed.push(planned);
        if (first.end <= options.now) {
          c.toDate.push(planned);
          if (!current || current.cancelled)
            c.cancelled.push({ ...planned, tag: CAUSES.indexOf(causeOf(current, reasons)) });
        }
      }
    const given = current && !current.cancelled ? clip(current) : null;
    if (given)
      for (const s of participants(current!, byGroup)) {
        const c = of(s);
        c.expected.push(given);
        if (current!.end <= options.now) c.realised.push(given);
      }
  }

  const hours = (spans: readonly Span[]) => coveredSeconds(spans, 1)[0]! / HOUR;
  const students = new Map<string, StudentHours>();
  for (const [student, c] of collected) {
    const parts = coveredSeconds(c.cancelled, CAUSES.length).map((s) => s / HOUR);
    const byCause = Object.fromEntries(CAUSES.map((cause, i) => [cause, parts[i]!])) as Record<Cause, number>;
    students.set(student, {
      student,
      programmed: hours(c.programmed),
      programmedToDate: hours(c.toDate),
      realised: hours(c.realised),
      expected: hours(c.expected),
      cancelled: parts.reduce((a, b) => a + b, 0),
      byCause,
    });
  }
  return { students, viaGroups };
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
