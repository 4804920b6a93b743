// What a staffing page reads, in the form of the address and of the staffing routes' query: one
// definition for the browser's reads and the page's first read on the server. No zod here: the
// pages' scripts import it.

/** A page's `project=` parameter: the projects asked for, only whole positive ids. */
export const projectsFrom = (raw: string | null | undefined) =>
  (raw ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** The groups page's projects: those asked for, else this school year's (last year's plan is not this year's). */
export const groupsProjects = (asked: number[], thisSchoolYear: number[]) =>
  asked.length > 0 ? asked : thisSchoolYear;

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
