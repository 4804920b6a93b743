import type { Because, CoverLesson, LessonRef, Reason } from './types';

// The one place a cover lesson's lines are made of its fields: the list, its print, its CSV and
// the text per reliever say the same.

/** "u3 10:30–11:15" parts: the period (or nothing) and the time. */
export const lessonTime = (l: CoverLesson, clock: (t: number) => string) => `${clock(l.start)}–${clock(l.end)}`;

/** Words one after the other, none said twice in a row ("in in 014" is "in 014"). */
export const withoutRepeats = (text: string) =>
  text
    .split(/\s+/)
    .filter((w, i, all) => w !== '' && w.toLocaleLowerCase('nl') !== all[i - 1]?.toLocaleLowerCase('nl'))
    .join(' ');

/**
 * What is to be covered, in one line without empty parts (the message it goes into drops doubled
 * words, `withoutRepeats`): "u3 10:30–11:15 3h1 wi in 014"; a duty
 * or an invigilation says so ("10:10–10:30 pleinwacht in N-aula").
 */
export function lessonLine(
  l: CoverLesson,
  clock: (t: number) => string,
  words: { kind: (k: Exclude<CoverLesson['kind'], 'lesson'>) => string; room: (room: string) => string },
): string {
  const parts = [
    l.period ?? '',
    lessonTime(l, clock),
    l.kind === 'lesson' ? '' : words.kind(l.kind),
    l.groups.join(', '),
    l.subjects.join(', '),
    l.locations.length > 0 ? words.room(l.locations.join(', ')) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The subject column of the list and its CSV: a duty or an invigilation says which it is first. */
export const subjectWords = (l: CoverLesson, kindWord: (k: Exclude<CoverLesson['kind'], 'lesson'>) => string) =>
  (l.kind === 'lesson' ? l.subjects : [kindWord(l.kind), ...l.subjects]).join(', ');

/** The absent colleagues of a lesson by name where known (else their code). */
export const absentNames = (l: CoverLesson) => l.away.map((a) => a.name ?? a.employee).join(', ');

/** The reasons that weigh most, positive first: a line that says why this reliever. */
export function topReasons(reasons: readonly Reason[], n = 2): Reason[] {
  return [...reasons].sort((a, b) => b.points - a.points).slice(0, n);
}

/** Per reliever, their lessons of the proposal in time order. */
export function lessonsPerReliever(lessons: readonly CoverLesson[]): Map<string, CoverLesson[]> {
  const out = new Map<string, CoverLesson[]>();
  for (const l of lessons) {
    if (l.state !== 'open' || !l.proposed) continue;
    out.set(l.proposed, [...(out.get(l.proposed) ?? []), l]);
  }
  return out;
}

/**
 * The lessons per lesuur (one without a period under its start time, keyed `@start`), open first
 * within each.
 */
export function byPeriod(lessons: readonly CoverLesson[]): [string, CoverLesson[]][] {
  const groups = new Map<string, CoverLesson[]>();
  for (const l of lessons) {
    // Off the grid (a break duty): grouped by its start, not all under one heading.
    const key = l.period ?? `@${l.start}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const order = { open: 0, covered: 1, cancelled: 2 } as const;
  for (const list of groups.values()) list.sort((a, b) => order[a.state] - order[b.state] || a.start - b.start);
  return [...groups].sort(([, a], [, b]) => a[0]!.start - b[0]!.start);
}

/** Says a message of the `cover` namespace (next-intl's `t`, or a translator made on the server). */
export type CoverSay = (key: string, values?: Record<string, string | number>) => string;

/** A lesson referred to: "u7 (4m.gsD)", off the grid its time. */
export const lessonRefWords = (l: LessonRef, clock: (t: number) => string) =>
  `${l.period ?? clock(l.start)}${l.groups.length > 0 ? ` (${l.groups.join(', ')})` : ''}`;

/** Why the proposal chose as it did, in one short sentence: the page, its print and the API say it so. */
export function becauseWords(b: Because, say: CoverSay, clock: (t: number) => string): string {
  switch (b.rule) {
    case 'neededElsewhere':
      return say('because.neededElsewhere', {
        employee: b.employee,
        time: clock(b.lesson.start),
        lesson: b.lesson.groups.join(', ') || lessonRefWords(b.lesson, clock),
      });
    case 'sameAsGroup':
      return say('because.sameAsGroup', { employee: b.employee, lesson: lessonRefWords(b.lesson, clock) });
    case 'movedByPin':
      return b.was === null
        ? say('because.movedByPinNone', { employee: b.employee, pins: b.pins.join(', ') })
        : say('because.movedByPin', { employee: b.employee, pins: b.pins.join(', '), was: b.was });
    case 'perDay':
    case 'perWindow':
    case 'lessonsPerDay':
    case 'inRow':
      return say(`because.${b.rule}`, { employee: b.employee, count: b.count });
    default:
      return say(`because.${b.rule}`, { employee: b.employee });
  }
}
