import type { RecordOf } from '@/lib/partner-api/records';
import { GRID_FIELDS } from '@/lib/timetable/fields';

// "Vandaag": what changed in today's lessons (counted as /changes counts them: lib/changes/count.ts)
// and who is away, counted from the portal's rows.

/** What the day's changes are read from: what /changes reads its week with (the grid's fields). */
export const TODAY_APPOINTMENT_FIELDS = GRID_FIELDS;

export const TODAY_ABSENCE_FIELDS = ['id', 'employee', 'start', 'end'] as const;

/** Distinct employees with an absence overlapping [dayStart, dayEnd) (unix seconds); rows without an employee count by id. */
export function countAbsent(rows: readonly RecordOf<'employeeabsences'>[], dayStart: number, dayEnd: number): number {
  const who = new Set<string>();
  for (const r of rows) {
    const start = typeof r.start === 'number' ? r.start : null;
    const end = typeof r.end === 'number' ? r.end : null;
    if (start === null || start >= dayEnd || (end !== null && end <= dayStart)) continue;
    who.add(typeof r.employee === 'string' && r.employee ? r.employee : `#${String(r.id)}`);
  }
  return who.size;
}
