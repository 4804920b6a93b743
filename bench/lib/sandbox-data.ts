import { weekWindow } from '../../lib/partner-api/values';
import { GRID_FIELDS } from '../../lib/timetable/fields';
import { runListQuery } from '../../sandbox/http/resources';
import type { ListQuery } from '../../sandbox/http/query';
import { generateSchool } from '../../sandbox/school/index';

/** The whole-school week 47 of 2026 at a scale, as the portal sends it (the grid's fields). */
export function schoolWeek(scale: number) {
  const data = generateSchool({ scale });
  const week = { year: 2026, week: 47 };
  const w = weekWindow(week);
  const query: ListQuery = {
    resource: 'appointments',
    projects: data.school.currentProjects.map((p) => p.id),
    fields: [...GRID_FIELDS],
    fieldFilters: [
      { name: 'start', type: 'timestamp', values: [w.start] },
      { name: 'end', type: 'timestamp', values: [w.end] },
    ],
    extras: new Map([['includeHidden', [true]]]),
  };
  const rows = JSON.parse(JSON.stringify(runListQuery(data, query, w.start))) as Record<string, unknown>[];
  return { rows, week, zone: 'Europe/Amsterdam', monday: w.start };
}
