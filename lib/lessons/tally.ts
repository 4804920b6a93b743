import { lessonChains, outcomeFor, plannedTeachers } from './chains';
import { byVersionId, chainKey, isInstanceKey, list, num as numberOf, slotKey, text } from './appointment';
import type { LessonBehind, TeacherLoad } from './load-figures';
import type { CatalogRecord } from '@/lib/partner-api/records';

// A week's lessons as their version chains, and each teacher's part in each (the five figures of
// the load: planned, given, cancelled, taken over, cover). Pure; the load and cover planning both
// count with it.

/** A lesson version with what the load reads of it. */
interface Version {
  id: number | null;
  start: number;
  end: number;
  teachers: string[];
  valid: boolean;
  hidden: boolean;
  cancelled: boolean;
  teacherChanged: boolean;
}

/** A lesson of the week as the load reads it: who it was planned with, and its version now. */
export interface ChainLesson<V> {
  /** The teachers it was planned with (`plannedTeachers` of its first version). */
  planned: readonly string[];
  /** The current version (valid, visible, highest id); null when the lesson was removed. */
  current: V | null;
  /** The version the lesson is shown and placed in a week by: the current one, else the last. */
  shown: V;
}

/**
 * A chain of versions as one lesson of [start, end), or null when it is not one: hidden versions
 * are nobody's; a lesson belongs to the week its current (else last) version starts in; a chain
 * known only as a single superseded version (no appointmentInstance) says nothing of its lesson.
 */
export function chainLesson<V extends Version>(
  versions: readonly V[],
  byInstance: boolean,
  start: number,
  end: number,
): ChainLesson<V> | null {
  const seen = new Set<number>();
  const visible = versions.filter((v) => !v.hidden && (v.id === null || (!seen.has(v.id) && seen.add(v.id))));
  if (visible.length === 0) return null;
  visible.sort(byVersionId);
  const current = visible.findLast((v) => v.valid) ?? null;
  const shown = current ?? visible.at(-1)!;
  if (shown.start < start || shown.start >= end) return null;
  if (!byInstance && !current) return null;
  return { planned: plannedTeachers(visible[0]!), current, shown };
}

/** The lessons of a chain: one by its versions, or each version its own where no instance ties them. */
function lessonsOf<V extends Version>(versions: readonly V[], byInstance: boolean, start: number, end: number) {
  const lessons = byInstance
    ? [chainLesson(versions, true, start, end)]
    : versions.map((v) => chainLesson([v], false, start, end));
  return lessons.filter((l): l is ChainLesson<V> => l !== null);
}

/** What a lesson was for one of its teachers: the load's five figures in one place. */
export type LoadRole = 'given' | 'cancelled' | 'takenOver' | 'cover';

/**
 * A teacher's part in a lesson: planned with them and given by them, cancelled (or removed), or
 * taken over by another; or not planned with them and given by them (cover). null: not theirs.
 * planned = given + cancelled + takenOver of the planned ones, so planned − cancelled − takenOver
 * + cover = given always.
 */
export function roleOf(lesson: ChainLesson<Pick<Version, 'teachers' | 'cancelled'>>, teacher: string) {
  const outcome = outcomeFor(lesson.current, teacher);
  const planned = lesson.planned.includes(teacher);
  const role: LoadRole | null = planned
    ? outcome === 'given'
      ? 'given'
      : outcome === 'otherTeacher'
        ? 'takenOver'
        : 'cancelled'
    : outcome === 'given'
      ? 'cover'
      : null;
  return { planned, role };
}

/** The teachers a lesson concerns: those it was planned with and those who give it now. */
const teachersOf = (lesson: ChainLesson<Pick<Version, 'teachers'>>) =>
  new Set([...lesson.planned, ...(lesson.current?.teachers ?? [])]);

/**
 * A week's lessons gathered into their version chains as the rows arrive, a batch at a time, and
 * kept as the fields the load reads: the chains `lessonChains` makes (the same keys, order and
 * versions), without the grid's whole appointment per row.
 */
export class LessonTally {
  private readonly chains = new Map<string, Version[]>();
  /** Rows given, lessons or not (a week without any is a holiday in a range). */
  rows = 0;

  add(rows: Iterable<CatalogRecord<'appointments'>>): this {
    for (const r of rows) {
      this.rows++;
      const start = numberOf(r.start);
      const end = numberOf(r.end);
      if (start === null || end === null || text(r.type) !== 'lesson') continue;
      const id = numberOf(r.id);
      // The chains `lessonChains` makes, by the same keys.
      const key = chainKey(
        numberOf(r.appointmentInstance),
        id !== null ? String(id) : slotKey(start, end, text(r.startTimeSlotName)),
      );
      const version: Version = {
        id,
        start,
        end,
        teachers: list(r.teachers),
        valid: r.valid !== false,
        hidden: r.hidden === true,
        cancelled: r.cancelled === true,
        teacherChanged: r.teacherChanged === true,
      };
      const chain = this.chains.get(key);
      if (chain) chain.push(version);
      else this.chains.set(key, [version]);
    }
    return this;
  }

  /** Each lesson of [start, end) as the load counts it (with cover: chains by instance). */
  eachLesson(start: number, end: number, take: (lesson: ChainLesson<Version>) => void): void {
    for (const [key, versions] of this.chains)
      for (const lesson of lessonsOf(versions, isInstanceKey(key), start, end)) take(lesson);
  }

  /** Counts each lesson of [start, end) once for each teacher it concerns (see `roleOf`). */
  count(start: number, end: number, withCover: boolean, of: (code: string) => TeacherLoad): void {
    for (const [key, versions] of this.chains)
      for (const lesson of lessonsOf(versions, withCover && isInstanceKey(key), start, end))
        for (const teacher of teachersOf(lesson)) {
          const { planned, role } = roleOf(lesson, teacher);
          if (role === null || (!withCover && (role === 'takenOver' || role === 'cover'))) continue;
          const load = of(teacher);
          if (planned) load.planned = (load.planned ?? 0) + 1;
          load[role] = (load[role] ?? 0) + 1;
          if (role === 'cover') load.given = (load.given ?? 0) + 1;
        }
  }
}

/**
 * A lesson of [start, end) given by a teacher it was not planned with, told apart: a cover when a
 * teacher it was planned with was away then (`away`: absent, or elsewhere), else a swap or a
 * planned replacement. One rule for cover planning's counts and its fairness report.
 */
export function replacementsIn(
  tally: LessonTally,
  start: number,
  end: number,
  away: (teacher: string, at: { start: number; end: number }) => boolean,
  each: (teacher: string, kind: 'cover' | 'swap', at: number) => void,
): void {
  tally.eachLesson(start, end, (lesson) => {
    const covered = lesson.planned.some((t) => away(t, lesson.shown));
    for (const teacher of lesson.current?.teachers ?? [])
      if (roleOf(lesson, teacher).role === 'cover') each(teacher, covered ? 'cover' : 'swap', lesson.shown.start);
  });
}

/** The lessons behind a teacher's cancelled, taken-over or cover figure in a week (the list a figure opens). */
export function lessonsBehind(
  rows: Iterable<CatalogRecord<'appointments'>>,
  teacher: string,
  figure: 'cancelled' | 'takenOver' | 'cover',
  start: number,
  end: number,
): LessonBehind[] {
  const out: LessonBehind[] = [];
  for (const versions of lessonChains(rows))
    for (const lesson of lessonsOf(versions, versions[0]!.instance !== null, start, end))
      if (roleOf(lesson, teacher).role === figure) out.push({ ...lesson.shown, plannedTeachers: [...lesson.planned] });
  return out.sort((a, b) => a.start - b.start);
}
