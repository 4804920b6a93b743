import type { CoverLesson, Reason } from './types';

// The one place a cover lesson's lines are made of its fields: the list, its print, its CSV and
// the text per reliever say the same.

/** "u3 10:30–11:15" parts: the period (or nothing) and the time. */
export const lessonTime = (l: CoverLesson, clock: (t: number) => string) => `${clock(l.start)}–${clock(l.end)}`;

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

/** The lessons per lesuur (one without a period under its start time), open first within each. */
export function byPeriod(lessons: readonly CoverLesson[]): [string, CoverLesson[]][] {
  const groups = new Map<string, CoverLesson[]>();
  for (const l of lessons) {
    const key = l.period ?? '';
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const order = { open: 0, covered: 1, cancelled: 2 } as const;
  for (const list of groups.values()) list.sort((a, b) => order[a.state] - order[b.state] || a.start - b.start);
  return [...groups].sort(([, a], [, b]) => a[0]!.start - b[0]!.start);
}
