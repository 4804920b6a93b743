import { formatIsoWeek, parseWeek, type IsoWeek } from '@/lib/partner-api/weeks';
import { projectsFrom, type StaffingScope } from './scope';

// The load page's scope from its address, one reading for the browser's screen and the server's
// page. Apart from scope.ts, so the other staffing pages do not carry the week reckoning.

/** The load page's own parameters in its address (the last of a repeated one, as the browser keeps it). */
export type LoadParams = Partial<Record<'from' | 'to' | 'week' | 'project', string | null>>;
export const LOAD_PARAMS = ['from', 'to', 'week', 'project'] as const;

/**
 * What the load page reads for its address, in the browser and on the server alike: a range
 * (`from` and `to`) or a week (`week`, else this week), of the `project`s.
 */
export function loadScope(asked: LoadParams, today: IsoWeek) {
  const from = asked.from || null;
  const to = asked.to || null;
  const projects = projectsFrom(asked.project);
  const week = parseWeek(asked.week) ?? today;
  const isRange = Boolean(from && to);
  const scope: StaffingScope = isRange ? { projects, from: from!, to: to! } : { projects, week: formatIsoWeek(week) };
  return { scope, week, isRange, from, to, projects };
}
