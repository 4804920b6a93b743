import { consecutivePairs } from './proposal';
import { coverItem, dayBreak, overlaps, type DayItem, type DayLimits } from './reliever-day';
import type { Because, CoverLesson } from './types';

// Why the proposal is not the obvious choice: for an open lesson whose reliever is not its
// best-ranked candidate, the rule or the gain that decided it (that candidate's caps reached,
// needed elsewhere then, their day full, one reliever kept for a group's consecutive lessons, a
// pin that moved it). Pure, from the day's proposal as solved; said in words by `becauseWords`.

/** An open lesson as the proposal saw it. */
export type ExplainedLesson = Pick<
  CoverLesson,
  'id' | 'start' | 'end' | 'period' | 'groups' | 'candidates' | 'proposed' | 'pinned'
> & { key: string; lesuren: number };

export interface BecauseInput {
  lessons: readonly ExplainedLesson[];
  perDay: number;
  perWindow: number;
  coversToday: ReadonlyMap<string, number>;
  coversSoFar: ReadonlyMap<string, number>;
  days: ReadonlyMap<string, readonly DayItem[]>;
  limits: DayLimits;
  /** The proposal solved without the day's pins (lesson key → reliever), where there are pins. */
  unpinned?: ReadonlyMap<string, string>;
}

const refOf = (l: ExplainedLesson) => ({ id: l.id, period: l.period, groups: l.groups, start: l.start });

/** Per lesson key, why its reliever is who it is, where that is not the best-ranked candidate. */
export function explainProposal(input: BecauseInput): Map<string, Because> {
  const out = new Map<string, Because>();
  const given = (t: string) => input.lessons.filter((l) => l.proposed === t);
  const pins = [...new Set(input.lessons.filter((l) => l.pinned && l.proposed).map((l) => l.proposed!))];
  const pairs = consecutivePairs(input.lessons);
  for (const [i, l] of input.lessons.entries()) {
    if (!l.proposed) continue;
    if (l.pinned) {
      if (l.candidates[0]?.employee !== l.proposed) out.set(l.key, { rule: 'pinned', employee: l.proposed });
      continue;
    }
    const was = input.unpinned?.get(l.key);
    if (input.unpinned && was !== l.proposed) {
      out.set(l.key, { rule: 'movedByPin', employee: l.proposed, pins, was: was ?? null });
      continue;
    }
    const best = l.candidates[0]?.employee;
    if (!best || best === l.proposed) continue;
    const theirs = given(best);
    const today = (input.coversToday.get(best) ?? 0) + theirs.length;
    const soFar = (input.coversSoFar.get(best) ?? 0) + theirs.length;
    const elsewhere = theirs.find((o) => overlaps(o, l));
    const day = dayBreak([...(input.days.get(best) ?? []), ...theirs.map(coverItem)], [coverItem(l)], input.limits);
    const kept = pairs
      .filter(([a, b]) => a === i || b === i)
      .map(([a, b]) => input.lessons[a === i ? b : a]!)
      .find((o) => o.proposed === l.proposed);
    out.set(
      l.key,
      today >= input.perDay
        ? { rule: 'perDay', employee: best, count: today }
        : soFar >= input.perWindow
          ? { rule: 'perWindow', employee: best, count: soFar }
          : elsewhere
            ? { rule: 'neededElsewhere', employee: best, lesson: refOf(elsewhere) }
            : day
              ? {
                  rule: day.rule,
                  employee: best,
                  count: day.rule === 'inRow' ? input.limits.inRow : input.limits.lessonsPerDay,
                }
              : kept
                ? { rule: 'sameAsGroup', employee: l.proposed, lesson: refOf(kept) }
                : { rule: 'dayAsWhole', employee: best },
    );
  }
  return out;
}
