import type { RecordOf } from '@/lib/partner-api/records';
import { GRID_FIELDS } from '@/lib/timetable/fields';
import { displayName, nameSortKey } from '@/lib/people/names';

// "Vandaag": what changed in today's lessons (counted as /changes counts them: lib/changes/count.ts)
// and who is away, counted from the portal's rows.

/** What the day's changes are read from: what /changes reads its week with (the grid's fields). */
export const TODAY_APPOINTMENT_FIELDS = GRID_FIELDS;

export const TODAY_ABSENCE_FIELDS = ['id', 'employee', 'start', 'end', 'firstName', 'prefix', 'lastName'] as const;

export interface AbsentPerson {
  /** The employee's code, or `#<absence id>` for a row without one. */
  code: string;
  /** "Alisa de Bruijn", or "" when the rights give no name. */
  name: string;
}

/**
 * Distinct employees with an absence overlapping [dayStart, dayEnd) (unix seconds), by surname;
 * rows without an employee count by id.
 */
export function absentOn(
  rows: readonly RecordOf<'employeeabsences'>[],
  dayStart: number,
  dayEnd: number,
): AbsentPerson[] {
  const who = new Map<string, AbsentPerson & { sort: string }>();
  for (const r of rows) {
    const start = typeof r.start === 'number' ? r.start : null;
    const end = typeof r.end === 'number' ? r.end : null;
    if (start === null || start >= dayEnd || (end !== null && end <= dayStart)) continue;
    const code = typeof r.employee === 'string' && r.employee ? r.employee : `#${String(r.id)}`;
    const name = displayName(r);
    // The nameless after the named, by code.
    if (!who.has(code)) who.set(code, { code, name, sort: name ? nameSortKey(r) : `\uffff${code}` });
  }
  return [...who.values()]
    .sort((a, b) => a.sort.localeCompare(b.sort, 'nl') || a.code.localeCompare(b.code))
    .map(({ code, name }) => ({ code, name }));
}

export const countAbsent = (rows: readonly RecordOf<'employeeabsences'>[], dayStart: number, dayEnd: number): number =>
  absentOn(rows, dayStart, dayEnd).length;
