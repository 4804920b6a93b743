import 'server-only';
import { createHash } from 'node:crypto';
import { stateStore } from '@/lib/platform/state/state.server';
import { SUMS } from './hours';
import type { ChainVersion } from './version-table';
import type { KeptFigures, Window } from './weeks';

// Onderwijstijd's weeks kept between visits (issue 48): per portal, projects and counting types, an
// entry per ISO week (an entry of its own, not a field of one record: the embedded store writes a
// record whole, and a year's weeks are megabytes). A week keeps what its figures need and nothing about who took
// part in which lesson: per window its participants' sums of seconds and its klassen's students,
// the week's highest `lastModified` (the next visit asks the portal only what changed since, with
// the same query), its chains' ids, the versions (no students) of the chains that cross into other
// weeks, when it was counted and when its versions end (what time changes). What is stored is said in docs/onderwijstijd.md.

/** How long a portal's weeks are kept after their last write. */
const KEPT_MS = 30 * 86_400_000;

/**
 * Whether figures counted at `at` still hold at `now`: time changes them only where a version of
 * the week ends in between (what has ended is realised, or lesuitval). A week long past, or still to
 * come, holds for good; the week under way holds between two lesson ends.
 */
export function stillHolds(k: Pick<KeptWeek, 'at' | 'ends'>, now: number): boolean {
  if (now < k.at) return false;
  // The first end after `at` (ends are sorted): the figures hold while now has not reached it.
  let lo = 0;
  let hi = k.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (k.ends[mid]! <= k.at) lo = mid + 1;
    else hi = mid;
  }
  return lo === k.ends.length || k.ends[lo]! > now;
}

export interface KeptWeek {
  /** The highest `lastModified` of the week's read: the next check's `modifiedSince`. */
  highest: number;
  /**
   * The versions read whose `lastModified` is `highest`: a check may answer them again (whether
   * `modifiedSince` counts the moment itself is not shown), which is no change.
   */
  edge: number[];
  /** The chains (appointmentInstance) with a version in the week. */
  instances: number[];
  /** Every version of the week's chains that have versions in other weeks too, by instance. */
  crossing: Record<string, ChainVersion[]>;
  /** When the figures were counted (Unix seconds), and every moment a version of the week ends, in order. */
  at: number;
  ends: number[];
  /** Figures per window (`start-end`). */
  windows: Record<string, { figures: KeptFigures }>;
  /** Records of the read the catalogue could not read (left out of the figures, said on the page). */
  unreadable: number;
}

export const windowKey = (w: Window) => `${w.start}-${w.end}`;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/** The weeks' key: the portal and what the figures depend on (never the token); a week's entry adds its label. */
export const keptKey = (portal: string, projects: readonly number[], types: readonly string[], fields: string) =>
  `onderwijstijd-week:v6:${digest(portal, projects.join(','), [...types].sort().join(','), fields)}`;

/** A kept week; one that cannot be read, or of another shape, is not kept (read again, never wrong). */
export async function keptWeek(key: string, label: string): Promise<KeptWeek | null> {
  try {
    const text = await stateStore().get(`${key}:${label}`);
    const kept = text ? (JSON.parse(text) as KeptWeek) : null;
    return kept && isKeptWeek(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** An entry in the shape this code writes (one of an older shape, or damaged, is read again). */
function isKeptWeek(k: KeptWeek): boolean {
  const figuresFit = (f: KeptFigures | undefined) =>
    !!f &&
    Array.isArray(f.codes) &&
    typeof f.seconds === 'string' &&
    Buffer.byteLength(f.seconds, 'base64') === f.codes.length * SUMS.length * 4;
  return (
    typeof k?.highest === 'number' &&
    Array.isArray(k.edge) &&
    Array.isArray(k.instances) &&
    typeof k.crossing === 'object' &&
    typeof k.windows === 'object' &&
    typeof k.at === 'number' &&
    Array.isArray(k.ends) &&
    typeof k.unreadable === 'number' &&
    Object.values(k.windows).every((w) => figuresFit(w.figures))
  );
}

/** Keeps a week; a store that cannot be written costs a whole read next time, never a wrong answer. */
export async function keepWeek(key: string, label: string, kept: KeptWeek): Promise<void> {
  await stateStore()
    .set(`${key}:${label}`, JSON.stringify(kept), KEPT_MS)
    .catch(() => undefined);
}
