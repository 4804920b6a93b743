import 'server-only';
import { createHash } from 'node:crypto';
import { stateStore } from '@/lib/platform/state/state.server';
import { SUMS } from './hours';
import type { KeptFigures, Window } from './weeks';

// Onderwijstijd's weeks kept between visits (issue 48): per portal, projects and counting types, an
// entry per ISO week (an entry of its own, not a field of one record: the embedded store writes a
// record whole, and a year's weeks are megabytes). A week keeps what its figures need and nothing about who took
// part in which lesson: per window its participants' sums of seconds and its klassen's students,
// the week's highest `lastModified` (the next visit asks the portal only what changed since, with
// the same query), its chains' ids, and the versions (no students) of the chains that cross into
// other weeks. What is stored is said in docs/onderwijstijd.md.

/** How long a portal's weeks are kept after their last write. */
const KEPT_MS = 30 * 86_400_000;

/** A version as a chain's verdict needs it (never its students). */
export interface ChainVersion {
  id: number;
  appointmentInstance: number;
  start: number;
  end: number;
  type: string;
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
  cancelledReason: string | null;
  lastModified: number | null;
}

/** Whether a window's figures may be kept: 'past' and 'future' stay true as time goes on, until now enters it. */
export type Phase = 'past' | 'future' | 'current';

export const phaseOf = (w: Window, now: number): Phase =>
  w.end <= now ? 'past' : w.start > now ? 'future' : 'current';

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
  /** Figures per window (`start-end`), with the phase they were computed in. */
  windows: Record<string, { phase: Phase; figures: KeptFigures }>;
}

export const windowKey = (w: Window) => `${w.start}-${w.end}`;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/** The weeks' key: the portal and what the figures depend on (never the token); a week's entry adds its label. */
export const keptKey = (portal: string, projects: readonly number[], types: readonly string[], fields: string) =>
  `onderwijstijd-week:v2:${digest(portal, projects.join(','), [...types].sort().join(','), fields)}`;

/** The kept weeks of these labels; one that cannot be read is not kept (read again, never wrong). */
export async function keptWeeks(key: string, labels: readonly string[]): Promise<Map<string, KeptWeek>> {
  const store = stateStore();
  const texts = await Promise.all(labels.map((label) => store.get(`${key}:${label}`).catch(() => null)));
  const out = new Map<string, KeptWeek>();
  texts.forEach((text, i) => {
    if (!text) return;
    try {
      const kept = JSON.parse(text) as KeptWeek;
      if (isKeptWeek(kept)) out.set(labels[i]!, kept);
    } catch {
      // A damaged entry is read again.
    }
  });
  return out;
}

/** An entry in the shape this code writes (one of an older shape, or damaged, is read again). */
function isKeptWeek(k: KeptWeek): boolean {
  const figuresFit = (f: KeptFigures | undefined) =>
    !!f && Array.isArray(f.codes) && Array.isArray(f.seconds) && f.seconds.length === f.codes.length * SUMS.length;
  return (
    typeof k?.highest === 'number' &&
    Array.isArray(k.edge) &&
    Array.isArray(k.instances) &&
    typeof k.crossing === 'object' &&
    typeof k.windows === 'object' &&
    Object.values(k.windows).every((w) => (w.phase === 'past' || w.phase === 'future') && figuresFit(w.figures))
  );
}

/** Keeps a week; a store that cannot be written costs a whole read next time, never a wrong answer. */
export async function keepWeek(key: string, label: string, kept: KeptWeek): Promise<void> {
  await stateStore()
    .set(`${key}:${label}`, JSON.stringify(kept), KEPT_MS)
    .catch(() => undefined);
}
