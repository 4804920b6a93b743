import 'server-only';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd, dayStart } from '@/lib/partner-api/calendar';
import { fieldList, type CatalogRecord, type PickedRecord } from '@/lib/partner-api/records';
import { formatIsoWeek, schoolYearOf, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import {
  keepWeek,
  keptKey,
  keptWeek,
  stillHolds,
  windowKey,
  type ChainVersion,
  type KeptWeek,
} from './kept-weeks.server';
import { fromKept, toKept, weekFigures, type WeekFigures, type Window } from './weeks';

// The school year's onderwijstijd a week at a time (issue 48). Every figure needs the whole year
// (the norm's share to date divides by the year's programme), so every week of it is read — the
// first visit reads each whole (with `students`, includeHidden: a removed lesson is lesuitval),
// computing each week as it arrives; a week is then kept as its figures (never its lessons or who
// took part in them), and the next visit asks the portal, with the same query, only what changed
// in each week since (`modifiedSince`, the spec's incremental reading). A week with changes, one
// that now is under way, or one whose chain changed in another week is read whole again. A chain
// with versions in several weeks (a lesson moved) is judged over all of them.

const FIELDS = fieldList('appointments', [
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
  'lastModified',
]);
type Row = PickedRecord<'appointments', (typeof FIELDS)[number]>;

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
}

interface Plan {
  week: IsoWeek;
  label: string;
  /** What is read: the whole week. */
  whole: Window;
  year: Window;
  period: Window | null;
  windows: Window[];
}

const clip = (w: Window, by: Window): Window => ({ start: Math.max(w.start, by.start), end: Math.min(w.end, by.end) });
const instanceOf = (r: Row) => (typeof r.appointmentInstance === 'number' ? r.appointmentInstance : null);

const light = (r: Row): ChainVersion => ({
  id: r.id as number,
  appointmentInstance: r.appointmentInstance as number,
  start: r.start as number,
  end: r.end as number,
  type: typeof r.type === 'string' ? r.type : '',
  valid: r.valid !== false,
  hidden: r.hidden === true,
  cancelled: r.cancelled === true,
  cancelledReason: typeof r.cancelledReason === 'string' ? r.cancelledReason : null,
  lastModified: typeof r.lastModified === 'number' ? r.lastModified : null,
});

/** The weeks of the school year `from` falls in, with the windows a visit for [from, to] needs. */
function plansOf(from: string, to: string, zone: string): Plan[] {
  const year = schoolYearOf(from);
  const inYear = { start: dayStart(`${year}-08-01`, zone), end: dayStart(`${year + 1}-08-01`, zone) };
  const asked = { start: dayStart(from, zone), end: dayEnd(to, zone) };
  return weeksBetween(`${year}-08-01`, `${year + 1}-07-31`, zone).map((week) => {
    const whole = weekWindow(week, zone);
    const y = clip(whole, inYear);
    const p = clip(whole, asked);
    const period = p.end > p.start ? p : null;
    return {
      week,
      label: formatIsoWeek(week),
      whole,
      year: y,
      period,
      windows: period && windowKey(period) !== windowKey(y) ? [y, period] : [y],
    };
  });
}

export async function readYear(
  reader: RightsReader,
  ask: { from: string; to: string; now: number; types: readonly string[] },
  zone: string,
): Promise<YearRead> {
  const plans = plansOf(ask.from, ask.to, zone);
  const rights = reader.rights('appointments');
  // Kept only where the portal's incremental reading can say what changed (the spec's three rules).
  const canKeep =
    ['id', 'appointmentInstance', 'lastModified', 'hidden'].every((f) => rights?.readFields.includes(f)) &&
    ['modifiedSince', 'includeHidden'].every((f) => rights?.filterFields.includes(f));
  const key = keptKey(reader.active.target.baseUrl, reader.projects, ask.types, FIELDS.join(','));
  /** A week's kept figures, where they fit what this visit needs: every window, still holding now. */
  const usable = (p: Plan, k: KeptWeek | null): KeptWeek | undefined =>
    k && p.windows.every((w) => k.windows[windowKey(w)]) && stillHolds(k, ask.now) ? k : undefined;
  const query = (p: Plan, since?: number) => ({
    start: String(p.whole.start),
    end: String(p.whole.end),
    includeHidden: 'true',
    ...(since === undefined ? {} : { modifiedSince: String(since) }),
  });

  const rowsOf = new Map<string, Row[]>();
  const provisional = new Map<string, Map<string, WeekFigures>>();
  const clean = new Map<string, KeptWeek>();
  const compute = (p: Plan, own: Row[], others: CatalogRecord<'appointments'>[]) =>
    new Map(p.windows.map((w) => [windowKey(w), weekFigures(own, others, w, ask)]));
  const readWhole = async (p: Plan) => {
    const rows = await reader.read('appointments', FIELDS, query(p));
    rowsOf.set(p.label, rows);
    // Each week counted as it arrives, while the others are still on their way; a chain that turns
    // out to cross weeks is counted again below.
    provisional.set(p.label, compute(p, rows, []));
  };
  // Instances changed since a kept week was counted: that week, and every kept week of their chains, is read again.
  const changed = new Set<number>();
  const check = async (p: Plan, k: KeptWeek) => {
    const seen = new Set(k.edge);
    const delta = (await reader.read('appointments', FIELDS, query(p, k.highest))).filter(
      (r) => !(r.lastModified === k.highest && seen.has(r.id as number)),
    );
    if (delta.length > 0) {
      for (const r of delta) if (instanceOf(r) !== null) changed.add(instanceOf(r)!);
      await readWhole(p);
    } else {
      clean.set(p.label, k);
    }
  };
  // Each week on its own way: its kept figures read, then checked, or the week read whole.
  await Promise.all(
    plans.map(async (p) => {
      const k = canKeep ? usable(p, await keptWeek(key, p.label)) : undefined;
      return k ? check(p, k) : readWhole(p);
    }),
  );

  // Kept weeks by the chains they hold — only the chains that matter this visit: those that changed
  // and those of the weeks read (a year's kept weeks hold some 90,000; most never need looking up).
  const keptBy = new Map<number, string[]>();
  const indexKept = (wanted: ReadonlySet<number>) => {
    for (const [label, k] of clean)
      for (const i of k.instances)
        if (wanted.has(i)) {
          const labels = keptBy.get(i);
          if (!labels) keptBy.set(i, [label]);
          else if (!labels.includes(label)) labels.push(label);
        }
  };
  const instancesRead = () => {
    const out = new Set<number>(changed);
    for (const rows of rowsOf.values()) for (const r of rows) if (instanceOf(r) !== null) out.add(instanceOf(r)!);
    return out;
  };
  indexKept(instancesRead());
  const byPlan = new Map(plans.map((p) => [p.label, p]));
  // A kept week is read again when one of its chains changed, or has versions in a week read now
  // that it did not know of when it was counted (a lesson moved into or out of it).
  for (;;) {
    const stale = new Set<string>();
    for (const i of changed) for (const label of keptBy.get(i) ?? []) if (clean.has(label)) stale.add(label);
    for (const [label, rows] of rowsOf)
      for (const r of rows) {
        const i = instanceOf(r);
        if (i === null) continue;
        for (const other of keptBy.get(i) ?? []) {
          if (other === label || !clean.has(other)) continue;
          const known = clean.get(other)!.crossing[String(i)];
          if (!known?.some((v) => v.id === r.id && v.lastModified === (r.lastModified ?? null))) stale.add(other);
        }
      }
    if (stale.size === 0) break;
    for (const label of stale) clean.delete(label);
    await Promise.all([...stale].map((label) => readWhole(byPlan.get(label)!)));
    indexKept(instancesRead());
  }

  // The chains that cross weeks: with versions in two weeks read, or in a week read and a kept one.
  const firstWeek = new Map<number, string>();
  const crosses = new Set<number>(keptBy.keys());
  for (const [label, rows] of rowsOf)
    for (const r of rows) {
      const i = instanceOf(r);
      if (i === null) continue;
      const seen = firstWeek.get(i);
      if (seen === undefined) firstWeek.set(i, label);
      else if (seen !== label) crosses.add(i);
    }
  // Their versions: from the weeks read, and as the kept weeks knew them.
  const versionsOf = new Map<number, Map<number, CatalogRecord<'appointments'>>>();
  const note = (i: number, v: CatalogRecord<'appointments'>) =>
    (versionsOf.get(i) ?? versionsOf.set(i, new Map()).get(i)!).set(v.id as number, v);
  for (const rows of rowsOf.values())
    for (const r of rows)
      if (instanceOf(r) !== null && crosses.has(instanceOf(r)!))
        note(instanceOf(r)!, r as CatalogRecord<'appointments'>);
  for (const k of clean.values())
    for (const [i, versions] of Object.entries(k.crossing))
      if (crosses.has(Number(i))) for (const v of versions) note(Number(i), v as CatalogRecord<'appointments'>);

  // The weeks answered from their sums: most of their charge given back, at once.
  await reader.refundKeptWeek(clean.size);
  const figures = new Map<string, Map<string, WeekFigures>>();
  const writes: Promise<void>[] = [];
  for (const [label, rows] of rowsOf) {
    const p = byPlan.get(label)!;
    const own = new Set(rows.map((r) => r.id));
    const crossing: Record<string, ChainVersion[]> = {};
    const others: CatalogRecord<'appointments'>[] = [];
    for (const i of new Set(rows.map(instanceOf))) {
      if (i === null || !crosses.has(i)) continue;
      const versions = [...versionsOf.get(i)!.values()];
      crossing[String(i)] = versions.map((v) => light(v as Row));
      for (const v of versions) if (!own.has(v.id)) others.push(v);
    }
    const counted = others.length > 0 ? compute(p, rows, others) : provisional.get(label)!;
    figures.set(label, counted);
    if (!canKeep) continue;
    const windows: KeptWeek['windows'] = {};
    for (const w of p.windows) windows[windowKey(w)] = { figures: toKept(counted.get(windowKey(w))!) };
    const ends = [...new Set(rows.map((r) => r.end).filter((e): e is number => typeof e === 'number'))].sort(
      (a, b) => a - b,
    );
    const highest = rows.reduce(
      (h, r) => (typeof r.lastModified === 'number' && r.lastModified > h ? r.lastModified : h),
      0,
    );
    const instances = [...new Set(rows.map(instanceOf).filter((i): i is number => i !== null))];
    const edge = rows.filter((r) => r.lastModified === highest).map((r) => r.id as number);
    writes.push(keepWeek(key, label, { highest, edge, instances, crossing, at: ask.now, ends, windows }));
  }
  await Promise.all(writes);

  // Nothing read whole: every week as kept, the same answer as the last visit that saw them so.
  const signature =
    rowsOf.size === 0
      ? `${key}|${plans.map((p) => `${p.label}:${clean.get(p.label)!.highest}:${clean.get(p.label)!.at}:${p.windows.map(windowKey)}`)}`
      : null;
  const seen = signature ? lastAnswers().get(signature) : undefined;
  if (seen) return seen;
  const of = (p: Plan, w: Window): WeekFigures =>
    figures.get(p.label)?.get(windowKey(w)) ?? fromKept(clean.get(p.label)!.windows[windowKey(w)]!.figures);
  const answer: YearRead = {
    year: plans.map((p) => ({ week: p.week, label: p.label, window: p.year, figures: of(p, p.year) })),
    period: plans.filter((p) => p.period).map((p) => of(p, p.period!)),
    kept: clean.size,
    read: rowsOf.size,
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
