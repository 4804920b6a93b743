import { departmentOf, isCluster, leerjaarOf } from '@/lib/lessons/groups';
import type { CancelRule, CoverSettings } from './types';

// What the school does not cover: by a per-portal rule, a bovenbouw lesson at the edge of its
// group's day (its first or last lesuur: the students come later or go home earlier) goes
// vervalt rather than be covered ("vervalt (regel: bovenbouw randuur)"). The edge is judged on
// what stands that day: an open lesson before it that goes vervalt by the same rule leaves it at
// the edge too (u1 and u2 both open: both vervallen). A klas's day holds its department's cluster
// lessons (its students are in them); a cluster's day its whole department's, so a cluster lesson
// mid-morning is never called an edge (when in doubt, covered). Also: the priority when relievers
// are short (the onderbouw first).

/** An appointment of a group that day: a lesson, exam or activity the students attend. */
export interface GroupItem {
  key: string;
  start: number;
  end: number;
  groups: readonly string[];
}

/** An open lesson the rule may let go: its chain key, time and groups. */
export interface RuleLesson extends GroupItem {
  kind: string;
}

/** Whether an appointment belongs in the day of `group`'s students. */
function inDayOf(group: string, item: GroupItem): boolean {
  const dept = departmentOf(group);
  return item.groups.some(
    (g) => g === group || (dept !== null && departmentOf(g) === dept && (isCluster(group) || isCluster(g))),
  );
}

/** Every group of the lesson in the bovenbouw (a group without a leerjaar in its code is not). */
export const isUpper = (groups: readonly string[], fromYear: number) =>
  groups.length > 0 && groups.every((g) => (leerjaarOf(g) ?? 0) >= fromYear);

/** Every group of the lesson in the onderbouw: filled first when relievers are short. */
export const isLower = (groups: readonly string[], fromYear: number) =>
  groups.length > 0 &&
  groups.every((g) => {
    const year = leerjaarOf(g);
    return year !== null && year < fromYear;
  });

/**
 * The open lessons (their keys) the school's rule lets go vervalt: bovenbouw lessons at the edge
 * of each of their groups' day, `items` being what stands that day (the open lessons included).
 */
export function cancelledByRule(
  open: readonly RuleLesson[],
  items: readonly GroupItem[],
  settings: Pick<CoverSettings, 'cancelRule' | 'upperFromYear'>,
): Map<string, CancelRule> {
  const out = new Map<string, CancelRule>();
  if (settings.cancelRule === 'none') return out;
  const may = new Set(
    open.filter((l) => l.kind === 'lesson' && isUpper(l.groups, settings.upperFromYear)).map((l) => l.key),
  );
  const memo = new Map<string, boolean>();
  for (const lesson of open) {
    if (!may.has(lesson.key)) continue;
    if (lesson.groups.every((g) => edgeOf(lesson, g, 'first') || edgeOf(lesson, g, 'last')))
      out.set(lesson.key, 'upperEdge');
  }
  return out;

  /** Whether `item` is at `group`'s first (or last) edge: only lessons that may go before (after) it. */
  function edgeOf(item: GroupItem, group: string, side: 'first' | 'last'): boolean {
    const id = `${item.key}|${group}|${side}`;
    const known = memo.get(id);
    if (known !== undefined) return known;
    const further = items.filter(
      (i) =>
        i.key !== item.key && inDayOf(group, i) && (side === 'first' ? i.start < item.start : i.start > item.start),
    );
    const edge = further.every((i) => may.has(i.key) && edgeOf(i, group, side));
    memo.set(id, edge);
    return edge;
  }
}
