import { byVersionId, type Appointment } from '@/lib/lessons/appointment';
import { isCurrent, versionChains } from '@/lib/lessons/chains';
import type { CatalogRecord } from '@/lib/partner-api/records';

// The changes of one school day, read from the portal's version chain: every version of an
// appointmentInstance (valid=false and hidden ones included), the current version being the valid,
// visible one with the highest id. Before → after is the previous version against the current
// one; without a previous version the `...Changed` flags say what changed. Pure: the page, its test
// and the benchmark share it.

export type ChangeKind = 'cancelled' | 'teacher' | 'location' | 'moved' | 'group' | 'added' | 'removed' | 'other';

export const CHANGE_KINDS: readonly ChangeKind[] = [
  'cancelled',
  'teacher',
  'location',
  'moved',
  'group',
  'added',
  'removed',
  'other',
];

export interface DayChange {
  /** The instance (or, without one, the version) the change belongs to. */
  key: string;
  kinds: ChangeKind[];
  /** The version before the change; null when the portal holds none (flags only, or added). */
  before: Appointment | null;
  /** Per changed field, the older version its "before" is read from (kindsOf). */
  from: ChangeKinds['from'];
  /** The current version; null when the appointment was removed. */
  after: Appointment | null;
  /** What the row shows: the current version, else the removed one. */
  shown: Appointment;
  /** The portal's own text (never translated). */
  description: string;
  /** When the change was made (the latest version's lastModified), unix seconds. */
  changedAt: number | null;
  /** Every id of the instance's versions, to find rows that arrived live. */
  ids: number[];
}

/** The same codes, whatever their order, repeats or surrounding spaces. */
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const norm = (l: readonly string[]) => [...new Set(l.map((x) => x.trim()).filter(Boolean))].sort().join('\u0000');
  return norm(a) === norm(b);
};

/**
 * Every change of the day [dayStart, dayEnd) (unix seconds) the versions imply, sorted by start
 * and period. A version without id or instance is its own chain, never dropped.
 */
export function dayChanges(
  rows: Iterable<CatalogRecord<'appointments'>>,
  dayStart: number,
  dayEnd: number,
): DayChange[] {
  const chains = versionChains(rows);
  const inDay = (a: Appointment | null) => a !== null && a.start >= dayStart && a.start < dayEnd;
  const out: DayChange[] = [];
  for (const [key, versions] of chains) {
    versions.sort(byVersionId);
    const after = versions.findLast(isCurrent) ?? null;
    const others = versions.filter((v) => v !== after);
    const earlier = after ? others.filter((v) => byVersionId(v, after) < 0) : others;
    const before = earlier.at(-1) ?? null;
    // In the day now, or before the change (moved out of the day, removed).
    if (!inDay(after) && !inDay(before)) continue;
    const { kinds, from } = kindsOf(earlier, after);
    if (kinds.length === 0) continue;
    const latest = versions.reduce<number | null>(
      (m, v) => (v.lastModified !== null && (m === null || v.lastModified > m) ? v.lastModified : m),
      null,
    );
    const shown = after ?? before!;
    out.push({
      key,
      kinds,
      before,
      from,
      after,
      shown,
      description: (after?.changeDescription || before?.changeDescription) ?? '',
      changedAt: latest,
      ids: versions.map((v) => v.id).filter((id): id is number => id !== null),
    });
  }
  return out.sort(
    (a, b) =>
      a.shown.start - b.shown.start ||
      (a.shown.startSlot ?? 99) - (b.shown.startSlot ?? 99) ||
      a.key.localeCompare(b.key),
  );
}

/** The kinds with a before → after of their own: the field each compares. */
type FieldKind = 'teacher' | 'location' | 'moved' | 'group';

const FLAG: Record<FieldKind, 'teacherChanged' | 'locationChanged' | 'timeChanged' | 'groupChanged'> = {
  teacher: 'teacherChanged',
  location: 'locationChanged',
  moved: 'timeChanged',
  group: 'groupChanged',
};

const differs: Record<FieldKind, (a: Appointment, b: Appointment) => boolean> = {
  teacher: (a, b) => !sameSet(a.teachers, b.teachers),
  location: (a, b) => !sameSet(a.locations, b.locations),
  moved: (a, b) => a.start !== b.start || a.end !== b.end,
  group: (a, b) => !sameSet(a.groups, b.groups),
};

/** What a change is, and for each changed field the version it is "before" in (see kindsOf). */
export interface ChangeKinds {
  kinds: ChangeKind[];
  /** The older version each field kind reads its "before" from (the newest older one that differs). */
  from: Partial<Record<FieldKind, Appointment>>;
}

/**
 * The one rule of what changed. `earlier`: the instance's older versions, oldest first. A field
 * changed when the previous version differs in it, or when the portal's flag says so and an older
 * version differs (the flag stays on later versions); a flag over equal values ("lokaal 003 → 003")
 * is no change. Without any older version the flags are all there is to go by.
 */
export function kindsOf(earlier: readonly Appointment[], after: Appointment | null): ChangeKinds {
  const before = earlier.at(-1) ?? null;
  if (!after) return { kinds: before ? ['removed'] : [], from: {} };
  const kinds: ChangeKind[] = [];
  const from: ChangeKinds['from'] = {};
  if (after.cancelled) kinds.push('cancelled');
  for (const kind of ['teacher', 'location', 'moved', 'group'] as const) {
    if (!before) {
      if (after[FLAG[kind]]) kinds.push(kind);
      continue;
    }
    const source = differs[kind](before, after)
      ? before
      : after[FLAG[kind]]
        ? earlier.findLast((v) => differs[kind](v, after))
        : undefined;
    if (!source) continue;
    kinds.push(kind);
    from[kind] = source;
  }
  if (kinds.length > 0 || !after.changeDescription) return { kinds, from };
  if (!before) return { kinds: ['added'], from };
  // Something else the portal describes anew (no change flag set: those were equal above).
  const flagged = Object.values(FLAG).some((f) => after[f]);
  const other =
    !sameSet(before.subjects, after.subjects) || (!flagged && after.changeDescription !== before.changeDescription);
  return { kinds: other ? ['other'] : [], from };
}

export type Grouping = 'group' | 'teacher' | 'location' | 'period';

const GROUP_FIELD = { group: 'groups', teacher: 'teachers', location: 'locations' } as const;

/** The names a change is listed under: every klas, teacher or room it touches (before and after), or its lesuur now. */
function namesOf(c: DayChange, by: Grouping): Set<string> {
  if (by === 'period') return new Set([c.shown.startSlotName ?? '']);
  const field = GROUP_FIELD[by];
  return new Set([...(c.before?.[field] ?? []), ...(c.after?.[field] ?? [])]);
}

/** Changes under each name they touch, names in natural order (u2 before u10); '' (none, off the grid) last. */
export function groupChanges(changes: readonly DayChange[], by: Grouping): [string, DayChange[]][] {
  const groups = new Map<string, DayChange[]>();
  for (const c of changes) {
    const names = namesOf(c, by);
    if (names.size === 0) names.add('');
    for (const n of names) {
      const list = groups.get(n);
      if (list) list.push(c);
      else groups.set(n, [c]);
    }
  }
  const collator = new Intl.Collator('nl', { numeric: true });
  return [...groups].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : collator.compare(a, b)));
}
