import 'server-only';
import { dayStart, today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { RightsReader } from '@/lib/partner-api/reader.server';
import type { Partner } from '@/lib/partner-api/schemas';
import {
  projectsOfSchoolYear,
  schoolYearOf,
  addWeeks,
  weekWindow,
  weekOf,
  type IsoWeek,
} from '@/lib/partner-api/values';
import type { NameParts } from '@/lib/people/names';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import { pastWeekRows } from './week-cache.server';

// The staffing reader: the partner-API reader within the rights, its past weeks kept in the week
// cache, with the names; and the weeks of a range.

type Raw = Record<string, unknown>;

/** A person's name fields, as every staffing read asks for them. */
export const NAME_FIELDS = ['firstName', 'prefix', 'lastName'];

/** The partner-API reader within the rights, its past weeks kept in the week cache, with the names. */
export class StaffingReader extends RightsReader {
  constructor(active: ActiveConnection, partner: Partner, projects: number[]) {
    super(active, partner, projects, pastWeekRows);
  }

  /** Names by user code: /employees where granted, else the contracts' own name fields. */
  async names(contracts: Promise<readonly Raw[]> | readonly Raw[] = []): Promise<Map<string, NameParts>> {
    const [employees, fallback] = await Promise.all([this.read('employees', ['userCode', ...NAME_FIELDS]), contracts]);
    const names = new Map<string, NameParts>();
    for (const c of fallback) if (typeof c.employee === 'string') names.set(c.employee, c);
    for (const e of employees) if (typeof e.userCode === 'string') names.set(e.userCode, e);
    return names;
  }
}

/**
 * A reader of the asked projects; none asked: every granted project, or with `thisSchoolYear` the
 * current school year's (a page whose answer is not bound to dates, such as the groups).
 */
export async function staffingReader(
  active: ActiveConnection,
  asked: number[],
  { thisSchoolYear = false } = {},
): Promise<StaffingReader> {
  const partner = await getPartner(active);
  const granted = partner.schoolInSchoolYears.map((p) => p.id);
  // A project asked for that the rights do not hold is refused, never widened to every project.
  const refused = asked.filter((p) => !granted.includes(p));
  if (refused.length > 0)
    throw new HttpError(403, apiText('staffing.projectNotGranted', { projects: refused.join(', ') }));
  const schoolYear = schoolYearOf(today(serverEnv().SCHOOL_TIME_ZONE));
  const fallback = thisSchoolYear ? projectsOfSchoolYear(partner.schoolInSchoolYears, schoolYear) : granted;
  return new StaffingReader(active, partner, asked.length > 0 ? asked : fallback);
}

/** The ISO weeks from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string, zone: string): IsoWeek[] {
  const weeks: IsoWeek[] = [];
  const last = dayStart(to, zone);
  for (let w = weekOf(dayStart(from, zone), zone); weekWindow(w, zone).start <= last; w = addWeeks(w, 1)) weeks.push(w);
  return weeks;
}
