import { byVersionId, chainKey, toAppointment, type Appointment } from './appointment';
import type { CatalogRecord } from '@/lib/partner-api/records';

// Version chains, the one rule every page judges a lesson by: every version of an
// appointmentInstance (valid=false and hidden ones included), in the order the portal made them;
// the current version is the valid, visible one with the highest id. The day's changes, the
// staffing figures, cover planning and onderwijstijd read them from here.

/** Whether a version counts now: valid and not hidden (the chain's current one is the last of these). */
export const isCurrent = (a: Pick<Appointment, 'valid' | 'hidden'>) => a.valid && !a.hidden;

/** Lessons by instance (a version without one is its own chain), each chain's versions by id. */
export function lessonChains(rows: Iterable<CatalogRecord<'appointments'>>): Appointment[][] {
  return [...versionChains(rows, (a) => a.type === 'lesson').values()];
}

/**
 * Every chain of versions by its key (the appointment instance, else the version alone), each
 * chain's versions in the order the portal made them: the one grouping the day's changes, the
 * staffing figures and cover planning read. `keep` leaves versions out (another type).
 */
export function versionChains(
  rows: Iterable<CatalogRecord<'appointments'>>,
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

/** How chainEnds sees a version of any shape: its chain's key, its id, whether it counts now. */
export interface ChainView<V> {
  key(v: V): string | number;
  id(v: V): number | null;
  current(v: V): boolean;
}

/**
 * Each chain's first version and its current one — versionChains and currentVersion's rule — kept
 * as the versions pass, not every version of every chain: what a count over a school year needs
 * (onderwijstijd's versions are rows of a table of numbers, hence the view).
 */
export function chainEnds<V>(
  versions: Iterable<V>,
  view: ChainView<V>,
): Map<string | number, { first: V; current: V | null }> {
  const ends = new Map<string | number, { first: V; current: V | null }>();
  const before = (a: V, b: V) => byVersionId({ id: view.id(a) }, { id: view.id(b) });
  for (const v of versions) {
    const key = view.key(v);
    const seen = ends.get(key);
    if (!seen) ends.set(key, { first: v, current: view.current(v) ? v : null });
    else {
      if (before(v, seen.first) < 0) seen.first = v;
      if (view.current(v) && (seen.current === null || before(v, seen.current) >= 0)) seen.current = v;
    }
  }
  return ends;
}

/** The current version of a chain (valid, visible, highest id), or null when it was removed. */
export const currentVersion = (versions: readonly Appointment[]): Appointment | null =>
  versions.findLast(isCurrent) ?? null;

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
