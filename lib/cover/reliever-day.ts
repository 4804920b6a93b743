import { lesurenOf, type Appointment } from '@/lib/lessons/appointment';

// The reliever's day, the hard rules that protect it: at most `lessonsPerDay` lesuren of own
// lessons, covers, duties and invigilations together, and at most `inRow` of them in a row
// without a free lesuur between. A break spent on a duty (pleinwacht) joins the lessons around
// it. Meetings, talks and activities are not counted (the teacher is busy then all the same).
// Counted in lesuren, not appointments: a double lesson u3-u4 is two. Used by the candidates
// (one cover at a time), by the proposal (its covers together) and by the check of covers
// entered in the portal.

export type DayItemKind = 'lesson' | 'duty' | 'invigilation';

export interface DayItem {
  /** The chain's key (an open lesson's proposal key, for a cover). */
  key: string;
  start: number;
  end: number;
  /** Lesuren the item counts for (a duty in a break counts one). */
  lesuren: number;
  kind: DayItemKind;
}

export interface DayLimits {
  lessonsPerDay: number;
  inRow: number;
}

/** Two spans of time that share a moment (one ending as the other starts do not). */
export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** A gap this long is a free lesuur (the shortest lesuur, 40 minutes); a break of 15 to 35 is not. */
export const REST_SECONDS = 40 * 60;

/**
 * What an appointment counts for in a teacher's day: a lesson, an invigilation (an exam naming
 * the teacher) or a duty (an interlude naming teachers and no groups; a group's interlude is its
 * free period). Null: not counted (a meeting, a talk, an activity, a cancelled appointment).
 */
export function dayItemOf(
  a: Pick<Appointment, 'type' | 'start' | 'end' | 'startSlot' | 'endSlot' | 'groups' | 'teachers' | 'cancelled'>,
  key: string,
): DayItem | null {
  const kind = dayKindOf(a);
  if (a.cancelled || kind === null) return null;
  return { key, start: a.start, end: a.end, lesuren: itemLesuren(a, kind), kind };
}

/** What kind of work an appointment is in a teacher's day (null: not counted, nor covered). */
export function dayKindOf(a: Pick<Appointment, 'type' | 'groups' | 'teachers'>): DayItemKind | null {
  if (a.type === 'lesson') return 'lesson';
  if (a.type === 'exam') return 'invigilation';
  return isDuty(a) ? 'duty' : null;
}

/** Lesuren an item counts for: a duty in a break one, a lesson or an exam its periods. */
export const itemLesuren = (a: Pick<Appointment, 'start' | 'end' | 'startSlot' | 'endSlot'>, kind: DayItemKind) =>
  kind === 'duty' ? 1 : lesurenOf(a);

/** An open lesson, duty or invigilation as a cover in the reliever's day (what candidates and proposal add). */
export const coverItem = (l: {
  key: string;
  start: number;
  end: number;
  lesuren?: number;
  kind?: DayItemKind;
}): DayItem => ({
  key: l.key,
  start: l.start,
  end: l.end,
  lesuren: l.lesuren ?? 1,
  kind: l.kind ?? 'lesson',
});

/** A break duty: an interlude that names teachers and no groups. */
export const isDuty = (a: Pick<Appointment, 'type' | 'groups' | 'teachers'>) =>
  a.type === 'interlude' && a.groups.length === 0 && a.teachers.length > 0;

/** The lesuren a day's items count for together. */
export const lesurenTotal = (items: readonly DayItem[]) => items.reduce((n, i) => n + i.lesuren, 0);

/** The day's rows: items one after the other without a free lesuur between, in time order. */
export function rowsOf(items: readonly DayItem[]): DayItem[][] {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const rows: DayItem[][] = [];
  let end = -Infinity;
  for (const item of sorted) {
    if (rows.length === 0 || item.start - end >= REST_SECONDS) rows.push([]);
    rows.at(-1)!.push(item);
    end = Math.max(end, item.end);
  }
  return rows;
}

export interface DayBreak {
  rule: 'lessonsPerDay' | 'inRow';
  /** The covers that together break it (a proposal must leave out at least one of them). */
  covers: string[];
}

/**
 * Whether covers added to a teacher's day (`fixed`: what they give that day, covers entered
 * included) break a rule, and which covers do. A day already over a limit without the covers is
 * not the proposal's doing: only what the covers add is judged.
 */
export function dayBreak(fixed: readonly DayItem[], covers: readonly DayItem[], limits: DayLimits): DayBreak | null {
  if (covers.length === 0) return null;
  if (lesurenTotal(fixed) + lesurenTotal(covers) > limits.lessonsPerDay)
    return { rule: 'lessonsPerDay', covers: covers.map((c) => c.key) };
  const mine = new Set(covers);
  for (const row of rowsOf([...fixed, ...covers])) {
    const added = row.filter((i) => mine.has(i));
    if (added.length > 0 && lesurenTotal(row) > limits.inRow) return { rule: 'inRow', covers: added.map((c) => c.key) };
  }
  return null;
}
