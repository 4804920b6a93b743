import { weekWindow } from '../../lib/partner-api/values';
import { GRID_FIELDS } from '../../lib/timetable/fields';
import { readWindow } from '../../sandbox/http/resources';
import { generateSchool } from '../../sandbox/school/index';
import { FIXED_TODAY } from '../../sandbox/school/fixed';

const schools = new Map<number, ReturnType<typeof generateSchool>>();
const school = (scale: number) =>
  schools.get(scale) ?? schools.set(scale, generateSchool({ scale, today: FIXED_TODAY })).get(scale)!;

/** A whole-school week of 2026 (47 unless told) at a scale, as the portal sends it (the grid's fields). */
export function schoolWeek(scale: number, weekNumber = 47) {
  const week = { year: 2026, week: weekNumber };
  const w = weekWindow(week);
  return {
    rows: readWindow(school(scale), w, [...GRID_FIELDS]),
    week,
    zone: 'Europe/Amsterdam',
    monday: w.start,
  };
}
