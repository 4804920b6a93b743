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

/** A union of spans that arrive in order of their start: its length so far and where it reaches. */
class Running {
  seconds = 0;
  private reach = -Infinity;
  add(start: number, end: number) {
    const from = Math.max(start, this.reach);
    if (end > from) this.seconds += end - from;
    if (end > this.reach) this.reach = end;
  }
}

interface Tally {
  programmed: Running;
  toDate: Running;
  realised: Running;
  expected: Running;
  cancelled: Span[];
}

/**
 * Every student's onderwijstijd over the period, from the appointments read (every version).
 * The chains are walked twice in order of time — by their first version's start, then by their
 * current one's — so each student's union grows a span at a time, with nothing kept per lesson
 * (a school year is 2 million student-lessons at scale 1).
 */
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

  const tallies = new Map<string, Tally>();
  const of = (student: string) => {
    let t = tallies.get(student);
    if (!t)
      tallies.set(
        student,
        (t = {
          programmed: new Running(),
          toDate: new Running(),
          realised: new Running(),
          expected: new Running(),
          cancelled: [],
        }),
      );
    return t;
  };
  for (const student of options.groupsOf?.keys() ?? []) of(student);
  const clip = (v: Appointment): [number, number] | null => {
    const start = Math.max(v.start, options.from);
    const end = Math.min(v.end, options.to);
    return end > start ? [start, end] : null;
  };
  /** Versions whose participants came from their groups (no `students` list). */
  let viaGroups = 0;
  const chains = [...versionChains(records, (a) => types.has(a.type)).values()].map((versions) => ({
    first: versions[0]!,
    current: currentVersion(versions),
  }));
  chains.sort((a, b) => a.first.start - b.first.start);
  for (const { first, current } of chains) {
    viaGroups +=
      (first.students === null ? 1 : 0) + (current && current !== first && current.students === null ? 1 : 0);
    const planned = clip(first);
    if (!planned) continue;
    const ended = first.end <= options.now;
    const fellOut = ended && (!current || current.cancelled);
    const tag = fellOut ? CAUSES.indexOf(causeOf(current, reasons)) : 0;
    for (const s of participants(first, byGroup)) {
      const t = of(s);
      t.programmed.add(planned[0], planned[1]);
      if (ended) t.toDate.add(planned[0], planned[1]);
      if (fellOut) t.cancelled.push({ start: planned[0], end: planned[1], tag });
    }
  }
  const given = chains
    .map(({ current }) => current)
    .filter((c): c is Appointment => c !== null && !c.cancelled)
    .sort((a, b) => a.start - b.start);
  for (const current of given) {
    const span = clip(current);
    if (!span) continue;
    const ended = current.end <= options.now;
    for (const s of participants(current, byGroup)) {
      const t = of(s);
      t.expected.add(span[0], span[1]);
      if (ended) t.realised.add(span[0], span[1]);
    }
  }

  const students = new Map<string, StudentHours>();
  for (const [student, t] of tallies) {
    const parts = coveredSeconds(t.cancelled, CAUSES.length).map((s) => s / HOUR);
    const byCause = Object.fromEntries(CAUSES.map((cause, i) => [cause, parts[i]!])) as Record<Cause, number>;
    students.set(student, {
      student,
      programmed: t.programmed.seconds / HOUR,
      programmedToDate: t.toDate.seconds / HOUR,
      realised: t.realised.seconds / HOUR,
      expected: t.expected.seconds / HOUR,
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
