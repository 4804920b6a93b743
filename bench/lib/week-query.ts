import { DateTime } from 'luxon';
import { weekWindow } from '../../lib/partner-api/values';
import { GRID_FIELDS } from '../../lib/timetable/fields';

/** The whole school's week 47 of 2026 with the grid's fields: the read the benchmarks compare against. */
export function wholeSchoolWeek(projects: string): URLSearchParams {
  const w = weekWindow({ year: 2026, week: 47 });
  return new URLSearchParams({
    schoolInSchoolYear: projects,
    fields: GRID_FIELDS.join(','),
    start: String(w.start),
    end: String(w.end),
    includeHidden: 'true',
  });
}

/** The whole school's day (ISO date, in the school's zone) with the grid's fields. */
export function wholeSchoolDay(projects: string, date: string, zone = 'Europe/Amsterdam'): URLSearchParams {
  const start = DateTime.fromISO(date, { zone });
  return new URLSearchParams({
    schoolInSchoolYear: projects,
    fields: GRID_FIELDS.join(','),
    start: String(start.toUnixInteger()),
    end: String(start.plus({ days: 1 }).toUnixInteger()),
    includeHidden: 'true',
  });
}
