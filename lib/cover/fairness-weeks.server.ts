import 'server-only';
import { createHash } from 'node:crypto';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import type { IsoWeek } from '@/lib/partner-api/values';
import { LessonTally, replacementsIn } from '@/lib/lessons/tally';
import { stateStore } from '@/lib/platform/state/state.server';
import type { AwayOver } from './away.server';
import { WEEK_FIELDS, weekFilters, type WeekRow } from './week-counts.server';

// The fairness report's weeks kept between visits (issue 46): per portal, projects and window, a
// week's covers and swaps per teacher and who taught in it — counts of teacher codes, no lesson —
// with the week's highest `lastModified` and who was away in it. A second visit asks each week, with
// the week cache's own query, only what changed since (`modifiedSince`); a week with no change whose
// absences and activities are the same is answered from its counts, any other is counted again from
// its lessons (through the week cache, which reads only what changed).

/** How long a week's counts are kept after their last write. */
const KEPT_MS = 30 * 86_400_000;

export interface WeekCounts {
  /** Per teacher: covers and swaps. */
  counts: Map<string, { covers: number; swaps: number }>;
  /** The teachers who gave a lesson in the week (who teaches in the period). */
  teaching: Set<string>;
  /** Answered from what was kept (its charge can be given back). */
  kept?: boolean;
}

interface Kept {
  highest: number;
  /** The versions whose `lastModified` is `highest`: answered again, they are no change. */
  edge: number[];
  /** Who was away in the window, written out. */
  away: string;
  counts: Record<string, [number, number]>;
  teaching: string[];
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');
const keyOf = (reader: RightsReader, window: { start: number; end: number }) =>
  `fairness-week:v1:${digest(reader.active.target.baseUrl, reader.projects.join(','), `${window.start}-${window.end}`)}`;

const isKept = (k: Kept | null): k is Kept =>
  !!k &&
  typeof k.highest === 'number' &&
  Array.isArray(k.edge) &&
  typeof k.away === 'string' &&
  typeof k.counts === 'object' &&
  Array.isArray(k.teaching);

/** Counts one week's lessons in its window: covers and swaps per teacher, and who taught. */
export function countWeek(
  rows: readonly WeekRow[],
  window: { start: number; end: number },
  away: AwayOver,
): WeekCounts {
  const counts = new Map<string, { covers: number; swaps: number }>();
  replacementsIn(new LessonTally().add(rows), window.start, window.end, away, (teacher, kind) => {
    const n = counts.get(teacher) ?? counts.set(teacher, { covers: 0, swaps: 0 }).get(teacher)!;
    n[kind === 'cover' ? 'covers' : 'swaps']++;
  });
  const teaching = new Set<string>();
  for (const r of rows) if (Array.isArray(r.teachers)) for (const t of r.teachers) teaching.add(String(t));
  return { counts, teaching };
}

/**
 * A week's counts in `window`: kept ones after one check of what changed (`kept`: its charge may be
 * given back), else counted from the week's lessons (the week cache) and kept. `away` is the
 * period's, read meanwhile.
 */
export async function keptWeekCounts(
  reader: RightsReader,
  week: IsoWeek,
  window: { start: number; end: number },
  away: Promise<AwayOver>,
  zone: string,
): Promise<WeekCounts> {
  const filters = weekFilters(week, zone);
  const rights = reader.rights('appointments');
  const canCheck =
    ['id', 'lastModified', 'hidden'].every((f) => rights?.readFields.includes(f)) &&
    ['modifiedSince', 'includeHidden'].every((f) => rights?.filterFields.includes(f));
  const key = keyOf(reader, window);
  const kept = canCheck ? await readKept(key) : null;
  if (kept) {
    // The week cache's query for the week, asked only what changed since: the spec's incremental read.
    const [delta, awayNow] = await Promise.all([
      reader.read('appointments', [...WEEK_FIELDS, 'lastModified'], {
        ...filters,
        includeHidden: 'true',
        modifiedSince: String(kept.highest),
      }),
      away,
    ]);
    const edge = new Set(kept.edge);
    const changed = delta.some((r) => !(r.lastModified === kept.highest && edge.has(r.id as number)));
    if (!changed && awayNow.within(window) === kept.away)
      return {
        kept: true,
        counts: new Map(Object.entries(kept.counts).map(([t, [covers, swaps]]) => [t, { covers, swaps }])),
        teaching: new Set(kept.teaching),
      };
  }
  // Deleted versions too: the week's highest `lastModified` is over every version the check will see.
  const [all, awayNow] = await Promise.all([
    reader.weekRows('appointments', WEEK_FIELDS, filters, { withHidden: true }),
    away,
  ]);
  const counted = countWeek(
    all.filter((r) => r.hidden !== true),
    window,
    awayNow,
  );
  if (canCheck) {
    const stamps = all as (WeekRow & { lastModified?: unknown })[];
    const highest = stamps.reduce(
      (h, r) => (typeof r.lastModified === 'number' && r.lastModified > h ? r.lastModified : h),
      0,
    );
    const entry: Kept = {
      highest,
      edge: stamps.filter((r) => r.lastModified === highest).map((r) => r.id as number),
      away: awayNow.within(window),
      counts: Object.fromEntries([...counted.counts].map(([t, n]) => [t, [n.covers, n.swaps]])),
      teaching: [...counted.teaching],
    };
    await stateStore()
      .set(key, JSON.stringify(entry), KEPT_MS)
      .catch(() => undefined);
  }
  return counted;
}

async function readKept(key: string): Promise<Kept | null> {
  try {
    const text = await stateStore().get(key);
    const kept = text ? (JSON.parse(text) as Kept) : null;
    return isKept(kept) ? kept : null;
  } catch {
    return null;
  }
}
