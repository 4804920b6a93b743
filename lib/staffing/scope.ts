// What a staffing page reads, in the form of the address and of the staffing routes' query: one
// definition for the browser's reads and the page's first read on the server. No zod here: the
// pages' scripts import it.

import { formatIsoWeek, parseWeek, type IsoWeek } from '@/lib/partner-api/values';

/** A page's `project=` parameter: the projects asked for, only whole positive ids. */
export const projectsFrom = (raw: string | null | undefined) =>
  (raw ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** What a staffing page reads: a week or a range, of some projects (none: every project granted). */
export interface StaffingScope {
  projects: number[];
  week?: string;
  from?: string;
  to?: string;
}

/** A scope as the staffing routes' query: one form for the browser's reads and the page's first one. */
export function staffingParams(scope: StaffingScope, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (scope.from && scope.to) {
    params.set('from', scope.from);
    params.set('to', scope.to);
  } else if (scope.week) params.set('week', scope.week);
  if (scope.projects.length > 0) params.set('schoolInSchoolYear', scope.projects.join(','));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params;
}

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
