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

/** The versions this one replaced: same instance, no longer current (valid=false or hidden), newest first (ids grow). */
export function olderVersions(a: Appointment, chains: ReadonlyMap<number, readonly Appointment[]>): Appointment[] {
  if (a.instance === null || a.id === null) return [];
  return (chains.get(a.instance) ?? [])
    .filter((v) => v.id !== null && v.id < a.id! && !(v.valid && !v.hidden))
    .sort((x, y) => y.id! - x.id!);
}

/** The version this one replaced directly; null when none was read. */
export const previousVersion = (a: Appointment, chains: ReadonlyMap<number, readonly Appointment[]>) =>
  olderVersions(a, chains)[0] ?? null;

const same = (x: readonly string[], y: readonly string[]) =>
  x.length === y.length && [...x].sort().join('\u0000') === [...y].sort().join('\u0000');

/**
 * What the flags say changed, with the before from the older versions where it is at hand: for each
 * flagged part the newest older value that differs (a lesson changed twice keeps its flag on both
 * new versions, so the one just before may already hold the new value).
 */
export function versionChange(
  a: Appointment,
  older: Appointment | readonly Appointment[] | null,
): VersionChange | null {
  if (!hasChangeFlag(a)) return null;
  const chain = older === null ? [] : Array.isArray(older) ? older : [older as Appointment];
  const part = (flag: boolean, pick: (v: Appointment) => string[]): PartChange | undefined => {
    if (!flag) return undefined;
    const now = pick(a);
    const then = chain.map(pick).find((values) => !same(values, now));
    return { before: then ? then.join(', ') : null, after: now.join(', ') };
  };
  const change: VersionChange = {
    teacher: part(a.teacherChanged, (v) => v.teachers),
    location: part(a.locationChanged, (v) => v.locations),
    group: part(a.groupChanged, (v) => v.groups),
  };
  if (a.timeChanged) {
    const from = chain.find((v) => v.start !== a.start || v.end !== a.end);
    change.time = { from: from ? { start: from.start, end: from.end, slot: from.startSlotName } : null };
  }
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
    if (a.valid && !a.hidden && a.instance !== null && hasChangeFlag(a) && olderVersions(a, chains).length === 0)
      out.add(a.instance);
  return [...out].sort((x, y) => x - y);
}
