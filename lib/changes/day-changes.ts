import { byVersionId, chainKey, toAppointment, type Appointment } from '@/lib/timetable/appointment';

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

type Raw = Readonly<Record<string, unknown>>;

/** The same codes, whatever their order, repeats or surrounding spaces. */
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const norm = (l: readonly string[]) => [...new Set(l.map((x) => x.trim()).filter(Boolean))].sort().join('\u0000');
  return norm(a) === norm(b);
};
const current = (a: Appointment) => a.valid && !a.hidden;

/**
 * Every change of the day [dayStart, dayEnd) (unix seconds) the versions imply, sorted by start
 * and period. A version without id or instance is its own chain, never dropped.
 */
export function dayChanges(rows: Iterable<Raw>, dayStart: number, dayEnd: number): DayChange[] {
  const chains = versionChains(rows);
  const inDay = (a: Appointment | null) => a !== null && a.start >= dayStart && a.start < dayEnd;
  const out: DayChange[] = [];
  for (const [key, versions] of chains) {
    versions.sort(byVersionId);
    const after = versions.findLast(current) ?? null;
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

export interface Absence {
  key: string;
  employee: string;
  start: number | null;
  end: number | null;
  type: number | null;
  typeCode: string;
  name: string;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Absences overlapping the day, lenient: a row without an employee is kept under its id. */
export function absencesOn(rows: Iterable<Raw>, dayStart: number, dayEnd: number): Absence[] {
  const out: Absence[] = [];
  for (const r of rows) {
    const start = num(r.start);
    const end = num(r.end);
    if ((start !== null && start >= dayEnd) || (end !== null && end <= dayStart)) continue;
    const employee = text(r.employee);
    out.push({
      key: `${String(r.id)}`,
      employee,
      start,
      end,
      type: num(r.absenceType),
      typeCode: text(r.absenceTypeCode),
      name: [text(r.firstName), text(r.prefix), text(r.lastName)].filter(Boolean).join(' '),
    });
  }
  return out.sort((a, b) => a.employee.localeCompare(b.employee) || (a.start ?? 0) - (b.start ?? 0));
}

export type LessonOutcome =
  { kind: 'cancelled' } | { kind: 'covered'; by: string[] } | { kind: 'removed' } | { kind: 'unresolved' };

export interface AbsentLesson {
  appointment: Appointment;
  outcome: LessonOutcome;
}

/** Lessons by instance (a version without one is its own chain), each chain's versions by id. */
export function lessonChains(rows: Iterable<Raw>): Appointment[][] {
  return [...versionChains(rows, (a) => a.type === 'lesson').values()];
}

/**
 * Every chain of versions by its key (the appointment instance, else the version alone), each
 * chain's versions in the order the portal made them: the one grouping the day's changes, the
 * staffing figures and cover planning read. `keep` leaves versions out (another type).
 */
export function versionChains(
  rows: Iterable<Raw>,
  keep: (a: Appointment) => boolean = () => true,
): Map<string, Appointment[]> {
  const chains = new Map<string, Appointment[]>();
  for (const r of rows) {
    const a = toAppointment(r);
    if (!a || !keep(a)) continue;
    const key = chainKey(a.instance, a.key);
    const chain = chains.get(key);
    if (chain) chain.push(a);
    else chains.set(key, [a]);
  }
  for (const versions of chains.values()) versions.sort(byVersionId);
  return chains;
}

/** The current version of a chain (valid, visible, highest id), or null when it was removed. */
export const currentVersion = (versions: readonly Appointment[]): Appointment | null =>
  versions.findLast(current) ?? null;

/** What became of a lesson for one teacher, by its current version: the one rule of a cover. */
export type TeacherOutcome = 'given' | 'cancelled' | 'removed' | 'otherTeacher';

/**
 * What became of a lesson for `teacher`, judged by its current version (null: removed): they give
 * it, it is cancelled, it was removed, or another teacher gives it now. The load table (taken over,
 * cover), the absence costs (ingevallen) and cover planning (ingevuld) all judge with this.
 */
export function outcomeFor(
  current: Pick<Appointment, 'teachers' | 'cancelled'> | null,
  teacher: string,
): TeacherOutcome {
  if (!current) return 'removed';
  if (current.cancelled) return 'cancelled';
  return current.teachers.includes(teacher) ? 'given' : 'otherTeacher';
}

/**
 * The teachers a lesson was planned with: its first version's, unless that version already says
 * its teacher changed (the version before it was not read: who was planned is not known).
 */
export const plannedTeachers = (first: Pick<Appointment, 'teachers' | 'teacherChanged'>): readonly string[] =>
  first.teacherChanged ? [] : first.teachers;

/**
 * The absent person's lessons within [from, to) and the absence, and what happened to each:
 * cancelled, covered by another teacher (a newer version without them), removed, or still theirs
 * (unresolved). The day's changes and the staffing pages' absence costs judge with this one rule.
 */
export function fateOfLessons(
  chains: readonly Appointment[][],
  absence: Pick<Absence, 'employee' | 'start' | 'end'>,
  from: number,
  to: number,
): AbsentLesson[] {
  const lo = Math.max(from, absence.start ?? from);
  const hi = Math.min(to, absence.end ?? to);
  const out: AbsentLesson[] = [];
  for (const versions of chains) {
    if (!versions.some((v) => v.teachers.includes(absence.employee))) continue;
    const now = currentVersion(versions);
    const shown = now ?? versions.at(-1)!;
    if (!(shown.start < hi && lo < shown.end)) continue;
    const fate = outcomeFor(now, absence.employee);
    const outcome: LessonOutcome =
      fate === 'otherTeacher'
        ? { kind: 'covered', by: now!.teachers }
        : { kind: fate === 'given' ? 'unresolved' : fate };
    out.push({ appointment: shown, outcome });
  }
  return out.sort((a, b) => a.appointment.start - b.appointment.start);
}

/** The absent person's lessons that day within the absence and what happened to each (fateOfLessons). */
export function lessonsOfAbsent(
  rows: Iterable<Raw>,
  absence: Pick<Absence, 'employee' | 'start' | 'end'>,
  dayStart: number,
  dayEnd: number,
): AbsentLesson[] {
  return fateOfLessons(lessonChains(rows), absence, dayStart, dayEnd);
}
