import 'server-only';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import type { IsoWeek } from '@/lib/partner-api/values';
import { keepWeek, windowKey, type KeptWeek } from './kept-weeks.server';
import { planYear, YEAR_FIELDS, type Plan, type YearAsk, type YearPlan } from './year-plan.server';
import type { CodeRule } from './definitions';
import { departmentsOf, type KlasDepartment } from './groups';
import { VisitTables } from './tables.server';
import { VersionTable, visitCodes, type ChainVersion, type VisitCodes } from './version-table';
import { fromKept, toKept, weekFiguresOf, type WeekFigures, type Window } from './weeks';

// The school year's onderwijstijd a week at a time (issue 48). Every figure needs the whole year
// (the norm's share to date divides by the year's programme), so every week of it is read — the
// first visit reads it two weeks a read (with `students`, includeHidden: a removed lesson is
// lesuitval), counting each week as its read arrives; a read is then kept as its weeks' figures
// (never its lessons or who took part in them), and the next visit asks the portal, with the same
// query, only what changed since (`modifiedSince`, the spec's incremental reading). A read with
// changes, one a lesson of which has ended since, or one whose chain changed in another read is read
// whole again. A chain with versions in several weeks (a lesson moved) is judged over all of them.

export { planYear, YEAR_FIELDS, type YearPlan };

export interface YearWeek {
  week: IsoWeek;
  label: string;
  /** The week inside the school year. */
  window: Window;
  figures: WeekFigures;
}

export interface YearRead {
  /** The school year's weeks, each whole (inside the year). */
  year: YearWeek[];
  /** The period's weeks, its first and last clipped to it. */
  period: WeekFigures[];
  /** Weeks answered from kept figures after one check, and weeks read whole. */
  kept: number;
  read: number;
  /** Reads made tables on the parsing thread, and on the server's own (no thread could be started). */
  parsed: VisitTables['where'];
  /** Records of the year's reads (this visit's, or as kept) the catalogue could not read: not counted. */
  unreadable: number;
}

/**
 * What stays of a read for the rest of the visit: its versions as a table of numbers (no records,
 * students by number), its chains, its highest `lastModified` and the versions at it, its ends, and
 * its weeks' figures. A read whose chain turns out to cross into another read is counted again from
 * its table, never read again.
 */
interface ReadWhole {
  table: VersionTable;
  instances: number[];
  highest: number;
  edge: number[];
  ends: number[];
  figures: Map<string, WeekFigures>;
}

/** A read's chains, its highest `lastModified` and the versions at it, and its ends, in order. */
function summaryOf(t: VersionTable): Omit<ReadWhole, 'figures' | 'table'> {
  let highest = 0;
  for (let i = 0; i < t.size; i++) if (t.lastModified[i]! > highest) highest = t.lastModified[i]!;
  const instances = new Set<number>();
  const ends = new Set<number>();
  const edge: number[] = [];
  for (let i = 0; i < t.size; i++) {
    if (!Number.isNaN(t.instance[i]!)) instances.add(t.instance[i]!);
    if (!Number.isNaN(t.end[i]!)) ends.add(t.end[i]!);
    if (t.lastModified[i] === highest) edge.push(t.id[i]!);
  }
  return { highest, edge, instances: [...instances], ends: [...ends].sort((a, b) => a - b) };
}

/**
 * Each week of a read counted inside its windows: its own versions, with the other versions of their
 * chains — in the read's other week, or (`others`) in other reads.
 */
function countWeeks(p: Plan, t: VersionTable, others: readonly ChainVersion[], now: number): Map<string, WeekFigures> {
  const out = new Map<string, WeekFigures>();
  for (const week of p.weeks) {
    const inWeek = (i: number) => t.start[i]! >= week.whole.start && t.start[i]! < week.whole.end;
    const own: number[] = [];
    const chains = new Set<number>();
    for (let i = 0; i < t.size; i++)
      if (inWeek(i)) {
        own.push(i);
        if (!Number.isNaN(t.instance[i]!)) chains.add(t.instance[i]!);
      }
    const chained: ChainVersion[] = others.filter((v) => chains.has(v.appointmentInstance));
    for (let i = 0; i < t.size; i++) if (!inWeek(i) && chains.has(t.instance[i]!)) chained.push(t.chainVersion(i));
    for (const w of week.windows) out.set(windowKey(w), weekFiguresOf(t, own, chained, w, { now }));
  }
  return out;
}

/**
 * The school year read (or kept) by its plan, which the caller charged it by (`budgeted` with the
 * plan's kept weeks at their cached cost: nothing is given back afterwards).
 */
export async function readYear(reader: RightsReader, ask: YearAsk, zone: string, plan: YearPlan): Promise<YearRead> {
  /** Every code this visit's tables name, numbered once. */
  const codes: VisitCodes = visitCodes();
  // Each read's answer made a table on the parsing thread while this one counts the last.
  const tables = new VisitTables(codes, ask.types);
  try {
    return await yearWith(reader, ask, plan, codes, tables);
  } finally {
    tables.end();
  }
}

async function yearWith(
  reader: RightsReader,
  ask: YearAsk,
  { plans, key, canKeep, kept }: YearPlan,
  codes: VisitCodes,
  tables: VisitTables,
): Promise<YearRead> {
  const query = (p: Plan, since?: number) => ({
    start: String(p.whole.start),
    end: String(p.whole.end),
    includeHidden: 'true',
    ...(since === undefined ? {} : { modifiedSince: String(since) }),
  });

  const readsOf = new Map<string, ReadWhole>();
  const clean = new Map<string, KeptWeek>();
  // Each read counted as it arrives, while the others are still on their way; its records are let go
  // once they are a table of numbers (a year with students is tens of megabytes of objects). A read
  // one of whose chains turns out to cross into another read is counted again from its table, below.
  /** A read planned as kept (charged as such), read whole after all: it pays the rest of its cost. */
  const readAfterAll = async (p: Plan) => {
    await reader.chargeReadAfterAll(p.weeks.length);
    await readWhole(p);
  };
  const readWhole = async (p: Plan) => {
    // Read whole and parsed at once, on the parsing thread (a read is two weeks, a heavy read: at
    // most a few in flight): one JSON.parse of the answer costs about two thirds of splitting it into
    // records as it arrives (bench/onderwijstijd.ts, docs/onderwijstijd.md).
    const table = await tableOf(p);
    readsOf.set(p.label, { ...summaryOf(table), table, figures: countWeeks(p, table, [], ask.now) });
  };
  /** A read's table; read a second time only when the parsing thread failed with its answer. */
  const tableOf = async (p: Plan): Promise<VersionTable> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await reader.readUnparsed('appointments', YEAR_FIELDS, query(p));
      if (!answer) return VersionTable.from([], ask.types, codes);
      const table = await tables.table(answer);
      if (table) return table;
    }
    throw new Error('the parsing thread failed twice');
  };
  // Instances changed since a kept week was counted: that week, and every kept week of their chains, is read again.
  const changed = new Set<number>();
  const check = async (p: Plan, k: KeptWeek) => {
    const seen = new Set(k.edge);
    const delta = (await reader.read('appointments', YEAR_FIELDS, query(p, k.highest))).filter(
      (r) => !(r.lastModified === k.highest && seen.has(r.id as number)),
    );
    if (delta.length > 0) {
      for (const r of delta) if (typeof r.appointmentInstance === 'number') changed.add(r.appointmentInstance);
      await readAfterAll(p);
    } else {
      clean.set(p.label, k);
    }
  };
  // Each week on its own way: its kept figures read, then checked, or the week read whole.
  await Promise.all(
    plans.map(async (p) => {
      const k = kept.get(p.label);
      return k ? check(p, k) : readWhole(p);
    }),
  );

  // Kept weeks by the chains they hold — only the chains that matter this visit: those that changed
  // and those of the weeks read (a year's kept weeks hold some 90,000; most never need looking up).
  const keptBy = new Map<number, string[]>();
  const indexKept = (wanted: () => ReadonlySet<number>) => {
    // Nothing kept (a first visit): no chain to look up.
    if (clean.size === 0) return;
    const chains = wanted();
    for (const [label, k] of clean)
      for (const i of k.instances)
        if (chains.has(i)) {
          const labels = keptBy.get(i);
          if (!labels) keptBy.set(i, [label]);
          else if (!labels.includes(label)) labels.push(label);
        }
  };
  const instancesRead = () => {
    const out = new Set<number>(changed);
    for (const read of readsOf.values()) for (const i of read.instances) out.add(i);
    return out;
  };
  indexKept(instancesRead);
  const byPlan = new Map(plans.map((p) => [p.label, p]));
  // A kept week is read again when one of its chains changed, or has versions in a week read now
  // that it did not know of when it was counted (a lesson moved into or out of it).
  for (;;) {
    const stale = new Set<string>();
    for (const i of changed) for (const label of keptBy.get(i) ?? []) if (clean.has(label)) stale.add(label);
    for (const [label, { table: t }] of readsOf)
      for (let r = 0; r < t.size; r++) {
        const i = t.instance[r]!;
        for (const other of keptBy.get(i) ?? []) {
          if (other === label || !clean.has(other)) continue;
          const known = clean.get(other)!.crossing[String(i)];
          const { id, lastModified } = t.chainVersion(r);
          if (!known?.some((v) => v.id === id && v.lastModified === lastModified)) stale.add(other);
        }
      }
    if (stale.size === 0) break;
    for (const label of stale) clean.delete(label);
    await Promise.all([...stale].map((label) => readAfterAll(byPlan.get(label)!)));
    indexKept(instancesRead);
  }

  // The chains that cross weeks: with versions in two weeks read, or in a week read and a kept one.
  const firstWeek = new Map<number, string>();
  const crosses = new Set<number>(keptBy.keys());
  for (const [label, read] of readsOf)
    for (const i of read.instances) {
      const seen = firstWeek.get(i);
      if (seen === undefined) firstWeek.set(i, label);
      else if (seen !== label) crosses.add(i);
    }
  // Their versions: from the weeks read, and as the kept weeks knew them.
  const versionsOf = new Map<number, Map<number, ChainVersion>>();
  const note = (i: number, v: ChainVersion) => (versionsOf.get(i) ?? versionsOf.set(i, new Map()).get(i)!).set(v.id, v);
  for (const { table: t } of readsOf.values())
    for (let r = 0; r < t.size; r++) if (crosses.has(t.instance[r]!)) note(t.instance[r]!, t.chainVersion(r));
  for (const k of clean.values())
    for (const [i, versions] of Object.entries(k.crossing))
      if (crosses.has(Number(i))) for (const v of versions) note(Number(i), v);

  // The reads one of whose chains crosses into another: counted again from their tables, with the
  // chain's other versions.
  const othersOf = (label: string) => {
    const read = readsOf.get(label)!;
    const crossing: Record<string, ChainVersion[]> = {};
    const others: ChainVersion[] = [];
    let own: Set<number> | null = null;
    for (const i of read.instances) {
      if (!crosses.has(i)) continue;
      own ??= new Set(read.table.id);
      const versions = [...versionsOf.get(i)!.values()];
      crossing[String(i)] = versions;
      for (const v of versions) if (!own.has(v.id)) others.push(v);
    }
    return { crossing, others };
  };
  /** Each read's crossing chains with their versions, as the read is kept. */
  const crossingOf = new Map<string, Record<string, ChainVersion[]>>();
  for (const [label, read] of readsOf) {
    const { crossing, others } = othersOf(label);
    crossingOf.set(label, crossing);
    if (others.length > 0) read.figures = countWeeks(byPlan.get(label)!, read.table, others, ask.now);
  }

  const writes: Promise<void>[] = [];
  for (const [label, read] of readsOf) {
    if (!canKeep) continue;
    const p = byPlan.get(label)!;
    const windows: KeptWeek['windows'] = {};
    for (const w of p.windows) windows[windowKey(w)] = { figures: toKept(read.figures.get(windowKey(w))!) };
    const { highest, edge, instances, ends } = read;
    const crossing = crossingOf.get(label)!;
    const { unreadable } = read.table;
    writes.push(keepWeek(key, label, { highest, edge, instances, crossing, at: ask.now, ends, windows, unreadable }));
  }
  await Promise.all(writes);

  // Nothing read whole: every week as kept, the same answer as the last visit that saw them so.
  const signature =
    readsOf.size === 0
      ? `${key}|${plans.map((p) => `${p.label}:${clean.get(p.label)!.highest}:${clean.get(p.label)!.at}:${p.windows.map(windowKey)}`)}`
      : null;
  const seen = signature ? lastAnswers().get(signature) : undefined;
  if (seen) return seen;
  const of = (p: Plan, w: Window): WeekFigures =>
    readsOf.get(p.label)?.figures.get(windowKey(w)) ?? fromKept(clean.get(p.label)!.windows[windowKey(w)]!.figures);
  const weeks = plans.flatMap((p) => p.weeks.map((week) => ({ p, week })));
  const answer: YearRead = {
    year: weeks.map(({ p, week }) => ({
      week: week.week,
      label: week.label,
      window: week.year,
      figures: of(p, week.year),
    })),
    period: weeks.filter(({ week }) => week.period).map(({ p, week }) => of(p, week.period!)),
    kept: plans.filter((p) => clean.has(p.label)).reduce((n, p) => n + p.weeks.length, 0),
    read: plans.filter((p) => readsOf.has(p.label)).reduce((n, p) => n + p.weeks.length, 0),
    parsed: { ...tables.where },
    unreadable: plans.reduce(
      (n, p) => n + (readsOf.get(p.label)?.table.unreadable ?? clean.get(p.label)?.unreadable ?? 0),
      0,
    ),
  };
  if (signature) remember(signature, answer);
  return answer;
}

/**
 * The last answers made wholly from kept weeks, in this process (the weeks' sums as read, no lesson):
 * a visit whose every week is unchanged since is answered without reading the sums again. A few
 * only — a large school's year is tens of megabytes.
 */
const REMEMBERED = 2;
const lastAnswers = () => processSingleton('onderwijstijd-last-answers', () => new Map<string, YearRead>());
function remember(signature: string, answer: YearRead) {
  const answers = lastAnswers();
  answers.delete(signature);
  answers.set(signature, answer);
  while (answers.size > REMEMBERED) answers.delete(answers.keys().next().value!);
}

/** What a year visit's counting is given: the year read, its klassen's departments, and `of` (below). */
export type YearCount<T> = (year: YearRead, departmentOf: (klas: string) => KlasDepartment, of: string) => T;

/**
 * A school year visited: planned, charged by its plan (a kept week at its cached cost), read (or
 * kept) with its klassen's departments, and counted by `count` inside the visit's budget. `of`: the
 * groups and departments read, for a caller that remembers figures by what they depend on.
 */
export async function visitYear<T>(
  reader: RightsReader,
  ask: YearAsk,
  zone: string,
  codeRules: readonly CodeRule[],
  count: YearCount<T>,
): Promise<T> {
  const plan = await planYear(reader, ask, zone);
  return reader.budgeted(plan.weeks, () => countPlannedYear(reader, ask, zone, plan, codeRules, count), {
    kept: plan.keptWeeks,
  });
}

/** A year planned and already charged by its plan (inside `budgeted`): read, its departments, counted. */
async function countPlannedYear<T>(
  reader: RightsReader,
  ask: YearAsk,
  zone: string,
  plan: YearPlan,
  codeRules: readonly CodeRule[],
  count: YearCount<T>,
): Promise<T> {
  const [year, groups, departments] = await Promise.all([
    readYear(reader, ask, zone, plan),
    reader.read('groupindepartments', ['name', 'departmentOfBranch']),
    reader.read('departmentsofbranches', ['id', 'code', 'yearOfEducation', 'educationType']),
  ]);
  return count(year, departmentsOf(groups, departments, codeRules), JSON.stringify([groups, departments]));
}
