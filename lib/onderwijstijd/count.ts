import type { CatalogRecord } from '@/lib/partner-api/records';
import { chainEnds, isCurrent } from '@/lib/lessons/chains';
import { COUNTING_TYPES } from './definitions';
import {
  CAUSES,
  causeOf,
  coveredSeconds,
  hoursOf,
  klasCode,
  SUMS,
  type HoursOptions,
  type Span,
  type StudentHours,
  type Sums,
} from './hours';
import { CANCELLED, COUNTED, HIDDEN, NAMED, TIMED, VALID, VersionTable, type ChainVersion } from './version-table';

// Onderwijstijd counted (issue 48): each participant's programmed, realised, expected and lost
// seconds from a table of versions (version-table.ts), by the definitions in hours.ts. A school year
// is two million student-lessons: the counting walks numbers, never an object per lesson.

/** The four unions each participant grows (programmed, to date, realised, expected), by row. */
const UNIONS = 4;

/**
 * The participants met in one count, each with four unions of spans that arrive in order of their
 * start (its length so far and where it reaches), in flat arrays: a participant is the visit's number
 * for its code, given a row here the first time it is met.
 */
class Unions {
  readonly members: number[] = [];
  private rowOf: Int32Array;
  private reach = new Float64Array(1024 * UNIONS).fill(-Infinity);
  private seconds = new Float64Array(1024 * UNIONS);

  constructor(codes: number) {
    this.rowOf = new Int32Array(Math.max(codes, 64)).fill(-1);
  }

  of(code: number): number {
    if (code >= this.rowOf.length) {
      const grown = new Int32Array(Math.max(code + 1, this.rowOf.length * 2)).fill(-1);
      grown.set(this.rowOf);
      this.rowOf = grown;
    }
    let i = this.rowOf[code]!;
    if (i === -1) {
      i = this.members.length;
      this.rowOf[code] = i;
      this.members.push(code);
      if ((i + 1) * UNIONS > this.reach.length) {
        const reach = new Float64Array(this.reach.length * 2).fill(-Infinity);
        reach.set(this.reach);
        const seconds = new Float64Array(this.seconds.length * 2);
        seconds.set(this.seconds);
        this.reach = reach;
        this.seconds = seconds;
      }
    }
    return i;
  }

  add(who: number, union: number, start: number, end: number) {
    const at = who * UNIONS + union;
    const from = Math.max(start, this.reach[at]!);
    if (end > from) this.seconds[at]! += end - from;
    if (end > this.reach[at]!) this.reach[at] = end;
  }

  total(who: number, union: number): number {
    return this.seconds[who * UNIONS + union]!;
  }
}

/** Every participant's seconds, a row of SUMS per code in one flat array. */
export interface SecondsTable {
  codes: string[];
  values: Float64Array;
  viaGroups: number;
}

export interface CountOptions {
  /** The period, Unix seconds [from, to); versions count for their time inside it. */
  from: number;
  to: number;
  /** What has ended by now is realised (or fell out). */
  now: number;
  /** Each klas's students by number, for versions without a `students` list (the groups rule). */
  klassen?: ReadonlyMap<number, ReadonlySet<number>>;
  /** Participants listed even where they have no time (a klas's students). */
  listed?: Iterable<number>;
}

/** A version in a count: a row of the table (≥ 0), or one of `others` (-1 is the first). */
type Ref = number;

/** A version's step in a count: programmed (a chain's first), given (its current), or both; `tag` its cause of lesuitval, -1 none. */
interface Step {
  at: number;
  programmed: boolean;
  given: boolean;
  tag: number;
}

/**
 * Every participant's seconds over [from, to), from the table's versions `own`; `others` are
 * versions of the same chains read elsewhere: they say which version is a chain's first and which
 * its current one, and count nothing.
 */
export function countSeconds(
  t: VersionTable,
  own: Iterable<number>,
  others: readonly ChainVersion[],
  options: CountOptions,
): SecondsTable {
  const other = (ref: Ref) => others[-ref - 1]!;
  const inside = (i: number) => Math.min(t.end[i]!, options.to) > Math.max(t.start[i]!, options.from);

  // The versions that decide the chains: the table's counted ones with a time, and those read elsewhere.
  const refs: Ref[] = [];
  let viaGroups = 0;
  for (const i of own) {
    if (!t.has(i, COUNTED) || !t.has(i, TIMED)) continue;
    refs.push(i);
    if (!t.has(i, NAMED) && inside(i)) viaGroups++;
  }
  others.forEach((v, k) => {
    if (t.counts(v.type)) refs.push(-k - 1);
  });
  // Each chain's first version and its current one (the lessons layer's rule): by instance, a
  // version without one a chain of its own.
  const ends = chainEnds(refs, {
    key: (ref) => {
      if (ref < 0) return other(ref).appointmentInstance;
      const instance = t.instance[ref]!;
      if (!Number.isNaN(instance)) return instance;
      return `v${Number.isNaN(t.id[ref]!) ? `slot:${t.start[ref]}-${t.end[ref]}` : t.id[ref]}`;
    },
    id: (ref) => (ref < 0 ? other(ref).id : Number.isNaN(t.id[ref]!) ? null : t.id[ref]!),
    current: (ref) =>
      ref < 0 ? isCurrent(other(ref)) : isCurrent({ valid: t.has(ref, VALID), hidden: t.has(ref, HIDDEN) }),
  });

  const unions = new Unions(t.codes.students.size);
  for (const student of options.listed ?? []) unions.of(student);
  // A version's participants: a named version's read in place (t.students), else from its groups.
  // Each version is one step of the walk below, so none is looked up twice.
  const whoIn = (i: number): { codes: ArrayLike<number>; from: number; to: number } => {
    if (t.has(i, NAMED)) return { codes: t.students, from: t.studentsAt[i]!, to: t.studentsAt[i + 1]! };
    const codes = [...groupParticipants(t, i, options.klassen)];
    return { codes, from: 0, to: codes.length };
  };
  // One walk in order of time over the versions that count: a chain's first version (programmed)
  // and its current one (given), one step where they are the same version — most lessons, never
  // changed — so each participant's unions grow a span at a time and each version's participants are
  // visited once.
  const steps: Step[] = [];
  for (const { first, current } of ends.values()) {
    const given = current !== null && current >= 0 && !t.has(current, CANCELLED) && inside(current);
    // A first version read elsewhere counts there (an appointment counts in the week it starts in).
    const programmed = first >= 0 && inside(first);
    let tag = -1;
    if (programmed && t.end[first]! <= options.now) {
      const currentCancelled =
        current !== null && (current >= 0 ? t.has(current, CANCELLED) : other(current).cancelled);
      if (current === null) tag = CAUSES.indexOf('removed');
      else if (currentCancelled) tag = CAUSES.indexOf(causeOf(reasonOf(t, others, current)));
    }
    if (programmed && given && first === current) steps.push({ at: first, programmed, given, tag });
    else {
      if (programmed) steps.push({ at: first, programmed, given: false, tag });
      if (given) steps.push({ at: current, programmed: false, given, tag: -1 });
    }
  }
  steps.sort((a, b) => t.start[a.at]! - t.start[b.at]!);
  const cancelled = new Map<number, Span[]>();
  for (const { at, programmed, given, tag } of steps) {
    const start = Math.max(t.start[at]!, options.from);
    const end = Math.min(t.end[at]!, options.to);
    const ended = t.end[at]! <= options.now;
    const who = whoIn(at);
    for (let k = who.from; k < who.to; k++) {
      const row = unions.of(who.codes[k]!);
      if (programmed) {
        unions.add(row, 0, start, end);
        if (ended) unions.add(row, 1, start, end);
        if (tag >= 0) (cancelled.get(row) ?? cancelled.set(row, []).get(row)!).push({ start, end, tag });
      }
      if (given) {
        unions.add(row, 3, start, end);
        if (ended) unions.add(row, 2, start, end);
      }
    }
  }

  const width = SUMS.length;
  const values = new Float64Array(unions.members.length * width);
  for (let who = 0; who < unions.members.length; who++) {
    const at = who * width;
    for (let u = 0; u < UNIONS; u++) values[at + u] = unions.total(who, u);
    const spans = cancelled.get(who);
    if (!spans) continue;
    const parts = coveredSeconds(spans, CAUSES.length);
    values[at + 4] = parts.reduce((a, b) => a + b, 0);
    for (let c = 0; c < parts.length; c++) values[at + 5 + c] = parts[c]!;
  }
  const codes = unions.members.map((m) => t.codes.students.list[m]!);
  return { codes, values, viaGroups };
}

/** The cancelledReason of a chain's current version, read here or elsewhere. */
const reasonOf = (t: VersionTable, others: readonly ChainVersion[], ref: Ref): string | null =>
  ref >= 0 ? (t.reason[ref] === 0 ? null : t.texts[t.reason[ref]!]!) : others[-ref - 1]!.cancelledReason;

/**
 * Who takes part in a version without a `students` list: the known students of its groups, and a
 * group none of whose students is known as itself (`#4h1`: per klas only, the groups rule).
 */
function groupParticipants(t: VersionTable, i: number, klassen?: ReadonlyMap<number, ReadonlySet<number>>) {
  const out = new Set<number>();
  for (const g of t.groupsOf(i)) {
    const known = klassen?.get(g);
    if (known && known.size > 0) for (const s of known) out.add(s);
    else out.add(t.codes.students.of(klasCode(t.codes.groups.list[g]!)));
  }
  return out;
}

/** Every participant's seconds over the period, by code (countSeconds over the records as read). */
export function participantSeconds(
  rows: readonly CatalogRecord<'appointments'>[],
  options: HoursOptions,
): { sums: Map<string, Sums>; viaGroups: number } {
  const t = VersionTable.from(rows, options.types ?? COUNTING_TYPES);
  // The students of each klas by number, in the order given (each listed, time or none).
  const listed: number[] = [];
  const klassen = new Map<number, Set<number>>();
  for (const [student, groups] of options.groupsOf ?? []) {
    const s = t.codes.students.of(student);
    listed.push(s);
    for (const g of groups) {
      const k = t.codes.groups.of(g);
      (klassen.get(k) ?? klassen.set(k, new Set()).get(k)!).add(s);
    }
  }
  const { codes, values, viaGroups } = countSeconds(t, rows.keys(), [], { ...options, klassen, listed });
  const width = SUMS.length;
  return {
    sums: new Map(codes.map((c, i) => [c, Array.from(values.subarray(i * width, (i + 1) * width))])),
    viaGroups,
  };
}

/** Every participant's onderwijstijd in hours over the period (`participantSeconds` in hours). */
export function studentHours(
  rows: readonly CatalogRecord<'appointments'>[],
  options: HoursOptions,
): { students: Map<string, StudentHours>; viaGroups: number } {
  const { sums, viaGroups } = participantSeconds(rows, options);
  return { students: new Map([...sums].map(([s, v]) => [s, hoursOf(s, v)])), viaGroups };
}
