import { weekWindow } from '../../lib/partner-api/values';
import { GRID_FIELDS } from '../../lib/timetable/fields';
import { readWindow } from '../../sandbox/http/resources';
import { generateSchool } from '../../sandbox/school/index';

/** The whole-school week 47 of 2026 at a scale, as the portal sends it (the grid's fields). */
export function schoolWeek(scale: number) {
  const week = { year: 2026, week: 47 };
  const w = weekWindow(week);
  return {
    rows: readWindow(generateSchool({ scale }), w, [...GRID_FIELDS]),
    week,
    zone: 'Europe/Amsterdam',
    monday: w.start,
  };
}
