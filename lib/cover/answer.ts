import type { RankedLesson } from './rank';
import type { CoverLesson, CoverMeta } from './types';

// The day's answer as `GET /api/cover` shapes it from the ranked lessons: what the page, its print,
// its CSV and integrators read.

/** Candidates a lesson carries in the answer by default (the proposed one always among them). */
const ANSWER_CANDIDATES = 3;

/**
 * The answer's lessons without the engine's own keys; the best few candidates of each (the
 * proposed one among them) unless all are asked for, or one lesson (`only`) with all of them.
 */
export function answerLessons(
  lessons: readonly RankedLesson[],
  { only, allCandidates = false }: { only?: string; allCandidates?: boolean },
): CoverLesson[] {
  return lessons
    .filter((l) => only === undefined || String(l.id) === only)
    .map((l): CoverLesson => {
      const { key, project, branch, candidates, ...lesson } = l;
      void [key, project, branch];
      const shown =
        only !== undefined || allCandidates
          ? candidates
          : candidates.filter((c, i) => i < ANSWER_CANDIDATES || c.employee === l.proposed);
      return { ...lesson, candidates: shown, candidateCount: candidates.length };
    });
}

/** The day's lessons counted by state, and the open ones by whether someone is proposed. */
export function dayCounts(lessons: readonly RankedLesson[]): CoverMeta['counts'] {
  const open = lessons.filter((l) => l.state === 'open');
  return {
    open: open.length,
    covered: lessons.filter((l) => l.state === 'covered').length,
    cancelled: lessons.filter((l) => l.state === 'cancelled').length,
    proposed: open.filter((l) => l.proposed !== null).length,
    nobody: open.filter((l) => l.proposed === null && !l.cancelRule).length,
    byRule: open.filter((l) => l.proposed === null && l.cancelRule).length,
  };
}
