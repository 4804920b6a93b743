import type { Appointment } from './appointment';

// The appointment version chain: a change makes a new version of the same `appointmentInstance`
// and leaves the old one behind with valid=false (or hidden). The grid shows before → after from
// that previous version; where it is not at hand, only the `...Changed` flag is known, and the
// block says "changed" rather than guessing what it was.

/** One changed part: `before` is null when the previous version is not at hand (a mark only). */
export interface PartChange {
  before: string | null;
  after: string;
}

export interface VersionChange {
  teacher?: PartChange;
  location?: PartChange;
  group?: PartChange;
  /** Where a moved lesson came from: its previous start and period, or null when unknown. */
  time?: { from: { start: number; end: number; slot: string | null } | null };
}

/** Versions by instance, of every appointment read (valid, old and deleted alike). */
export function byInstance(appointments: Iterable<Appointment>): Map<number, Appointment[]> {
  const out = new Map<number, Appointment[]>();
  for (const a of appointments) {
    if (a.instance === null || a.id === null) continue;
    const list = out.get(a.instance);
    if (list) {
      if (!list.some((x) => x.id === a.id)) list.push(a);
    } else out.set(a.instance, [a]);
  }
  return out;
}

/** Whether the version carries a change flag: its previous version tells what changed. */
export const hasChangeFlag = (a: Appointment) =>
  a.teacherChanged || a.locationChanged || a.timeChanged || a.groupChanged;

/**
 * The version this one replaced: of the same instance, no longer current (valid=false or hidden),
 * the newest one older than this version (version ids grow). null when none was read.
 */
export function previousVersion(a: Appointment, chains: ReadonlyMap<number, readonly Appointment[]>) {
  if (a.instance === null || a.id === null) return null;
  let best: Appointment | null = null;
  for (const v of chains.get(a.instance) ?? []) {
    if (v.id === null || v.id >= a.id || (v.valid && !v.hidden)) continue;
    if (!best || v.id > best.id!) best = v;
  }
  return best;
}

const same = (x: readonly string[], y: readonly string[]) =>
  x.length === y.length && [...x].sort().every((v, i) => v === [...y].sort()[i]);

/** What the flags say changed, with the before from `previous` where it is at hand and differs. */
export function versionChange(a: Appointment, previous: Appointment | null): VersionChange | null {
  if (!hasChangeFlag(a)) return null;
  const part = (flag: boolean, now: string[], then: string[] | undefined): PartChange | undefined =>
    flag
      ? { before: then !== undefined && !same(now, then) ? then.join(', ') : null, after: now.join(', ') }
      : undefined;
  const change: VersionChange = {
    teacher: part(a.teacherChanged, a.teachers, previous?.teachers),
    location: part(a.locationChanged, a.locations, previous?.locations),
    group: part(a.groupChanged, a.groups, previous?.groups),
  };
  if (a.timeChanged)
    change.time = {
      from:
        previous && (previous.start !== a.start || previous.end !== a.end)
          ? { start: previous.start, end: previous.end, slot: previous.startSlotName }
          : null,
    };
  return change;
}

/**
 * Instances of changed versions whose previous version is not among those read (the view's own
 * filter left it out: a substitute's week does not hold the absent teacher's version).
 */
export function missingPrevious(
  shown: readonly Appointment[],
  chains: ReadonlyMap<number, readonly Appointment[]>,
): number[] {
  const out = new Set<number>();
  for (const a of shown)
    if (a.valid && !a.hidden && a.instance !== null && hasChangeFlag(a) && !previousVersion(a, chains))
      out.add(a.instance);
  return [...out].sort((x, y) => x - y);
}
