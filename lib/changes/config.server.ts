import 'server-only';
import { shownDay } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import type { Partner } from '@/lib/partner-api/schemas';
import { projectsOfSchoolYear, schoolYearOf, weekOf } from '@/lib/partner-api/values';
import { rightsFor } from '@/lib/rights/page-rights.server';
import type { AppointmentRights } from '@/lib/timetable/fields';
import { ABSENCE_FIELDS, type ChangesConfig } from './config';
import type { Grouping } from './day-changes';

/**
 * The day the changes page shows (today unless a valid `date`), its window, week and projects, and
 * what the rights allow: one making, for the page and for the route that reads the day.
 */
export function changesConfig(
  partner: Partner,
  rights: AppointmentRights,
  date: string | undefined,
  grouping: Grouping,
  display: boolean,
): ChangesConfig {
  const env = serverEnv();
  const zone = env.SCHOOL_TIME_ZONE;
  const day = shownDay(date, zone);
  const absences = rightsFor(partner, 'employeeabsences');
  const absenceFields = absences ? ABSENCE_FIELDS.filter((f) => absences.readFields.includes(f)) : [];
  return {
    zone,
    pollSeconds: env.TIMETABLE_POLL_SECONDS,
    ...day,
    week: weekOf(day.dayStart, zone),
    // This school year's projects; all of them when none is marked with it.
    projects: projectsOfSchoolYear(partner.schoolInSchoolYears, schoolYearOf(day.date)),
    rights,
    // The day's absences need who, from and to; without them the section says which right adds it.
    absence:
      absences &&
      ['employee', 'start', 'end'].every((f) => absenceFields.includes(f as (typeof ABSENCE_FIELDS)[number]))
        ? {
            fields: absenceFields,
            byDate: absences.filterFields.includes('startDate') && absences.filterFields.includes('endDate'),
          }
        : null,
    grouping,
    display,
  };
}
