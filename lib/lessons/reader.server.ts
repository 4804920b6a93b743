import 'server-only';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { NAME_FIELDS, RightsReader } from '@/lib/partner-api/reader.server';
import type { NameParts } from '@/lib/people/names';
import type { Partner } from '@/lib/partner-api/schemas';
import { projectsDuring, projectsOfSchoolYear, schoolYearOf } from '@/lib/partner-api/values';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import { pastWeekRows } from './week-cache.server';

// The reader of a connection's lessons, staff and absences: the partner-API reader within the
// partner's rights, of the projects asked, its past weeks kept in the week cache. Staffing, cover
// and the day's changes read through it.

/**
 * A reader of the asked projects; none asked: every granted project, or the projects of the school
 * years a day or period asked about falls in (`during`: its first and last date — a date decides its
 * own school year, whatever the clock says), or with `thisSchoolYear` the clock's school year (a
 * page whose answer is not bound to dates, such as the groups).
 */
export async function lessonsReader(
  active: ActiveConnection,
  asked: number[],
  { thisSchoolYear = false, during }: { thisSchoolYear?: boolean; during?: { from: string; to: string } } = {},
): Promise<RightsReader> {
  const partner = await getPartner(active);
  const granted = partner.schoolInSchoolYears.map((p) => p.id);
  // A project asked for that the rights do not hold is refused, never widened to every project.
  const refused = asked.filter((p) => !granted.includes(p));
  if (refused.length > 0)
    throw new HttpError(403, apiText('staffing.projectNotGranted', { projects: refused.join(', ') }));
  if (asked.length > 0) return readerOf(active, partner, asked);
  if (during) return readerOf(active, partner, projectsDuring(partner.schoolInSchoolYears, during.from, during.to));
  if (!thisSchoolYear) return readerOf(active, partner, granted);
  const schoolYear = schoolYearOf(today(serverEnv().SCHOOL_TIME_ZONE));
  return readerOf(active, partner, projectsOfSchoolYear(partner.schoolInSchoolYears, schoolYear));
}

/** A reader of these projects for a partner already read. */
export const readerOf = (active: ActiveConnection, partner: Partner, projects: number[]) =>
  new RightsReader(active, partner, projects, pastWeekRows);

/** Names by user code: /employees where granted, else the contracts' own name fields. */
export async function readNames(
  reader: RightsReader,
  contracts: Promise<readonly Record<string, unknown>[]> | readonly Record<string, unknown>[] = [],
): Promise<Map<string, NameParts>> {
  const [employees, fallback] = await Promise.all([reader.read('employees', ['userCode', ...NAME_FIELDS]), contracts]);
  const names = new Map<string, NameParts>();
  for (const c of fallback) if (typeof c.employee === 'string') names.set(c.employee, c);
  for (const e of employees) if (typeof e.userCode === 'string') names.set(e.userCode, e);
  return names;
}
