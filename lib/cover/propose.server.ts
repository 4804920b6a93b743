import 'server-only';
import { solveProposal, type SolvedProposal } from './proposal.server';
import { explainProposal } from './because';
import type { ProposalInput } from './proposal';
import type { RankedLesson } from './rank';
import { overlaps, type DayItem } from './reliever-day';
import { isLower } from './cancel-rule';
import type { CoverSettings } from './types';

// The day's proposal put on its open lessons: solved (pins kept), each lesson's reliever, and why
// where it is not the best-ranked candidate. Where the day has pins, it is solved once more
// without them, so a lesson a pin moved says so ("door ndi vast te zetten: nu dme, was mme").

/** Candidates per open lesson the proposal chooses among (a day's model stays small). */
const SOLVE_CANDIDATES = 8;

export async function proposeDay(
  open: RankedLesson[],
  {
    pins,
    settings,
    counts,
    days,
    portal,
  }: {
    pins: Readonly<Record<string, string>>;
    settings: CoverSettings;
    counts: { window: ReadonlyMap<string, number>; today: ReadonlyMap<string, number> };
    days: ReadonlyMap<string, readonly DayItem[]>;
    portal: string;
  },
): Promise<SolvedProposal> {
  const keyOf = (l: RankedLesson) => (l.id !== null ? String(l.id) : l.key);
  // A lesson the school's rule lets go vervalt is not proposed, unless a scheduler pins someone.
  for (const l of open) if (l.cancelRule && pins[keyOf(l)]) delete l.cancelRule;
  const lower = (l: RankedLesson) => settings.priority === 'lowerYears' && isLower(l.groups, settings.upperFromYear);
  const input: ProposalInput = {
    lessons: open
      .filter((l) => !l.cancelRule)
      .map((l) => {
        const pin = pins[keyOf(l)];
        return {
          first: lower(l),
          key: keyOf(l),
          start: l.start,
          end: l.end,
          groups: l.groups,
          lesuren: l.lesuren,
          // The best few are enough to choose from; a pin is always one of them.
          candidates: l.candidates.filter((c, i) => i < SOLVE_CANDIDATES || c.employee === pin),
          pinned: pin && l.candidates.some((c) => c.employee === pin) ? pin : null,
        };
      }),
    perDay: settings.maxPerDay,
    perWindow: settings.maxPerWindow,
    coversSoFar: counts.window,
    coversToday: counts.today,
    days,
    limits: { lessonsPerDay: settings.maxLessonsPerDay, inRow: settings.maxInRow },
  };
  const pinned = input.lessons.some((l) => l.pinned);
  const [proposal, unpinned] = await Promise.all([
    solveProposal(input, portal),
    pinned ? solveProposal({ ...input, lessons: input.lessons.map((l) => ({ ...l, pinned: null })) }, portal) : null,
  ]);
  for (const l of open) {
    l.proposed = proposal.relievers.get(keyOf(l)) ?? null;
    l.pinned = l.proposed !== null && pins[keyOf(l)] === l.proposed;
  }
  for (const l of open) {
    if (l.proposed === null && l.candidates.length > 0 && !l.cancelRule)
      l.nobody = takenByLower(l) ? 'lowerYearsFirst' : 'capsReached';
  }
  const because = explainProposal({
    lessons: open.map((l) => ({ ...l, key: keyOf(l) })),
    perDay: settings.maxPerDay,
    perWindow: settings.maxPerWindow,
    coversToday: counts.today,
    coversSoFar: counts.window,
    days,
    limits: input.limits!,
    ...(unpinned ? { unpinned: unpinned.relievers } : {}),
  });
  for (const l of open) {
    const why = because.get(keyOf(l));
    if (why) l.because = why;
  }
  return proposal;

  /** Left open while one who could take it was given an onderbouw lesson at that time (the priority). */
  function takenByLower(l: RankedLesson): boolean {
    if (lower(l)) return false;
    const could = new Set(l.candidates.map((c) => c.employee));
    return open.some((o) => o !== l && lower(o) && overlaps(o, l) && could.has(o.proposed ?? ''));
  }
}
