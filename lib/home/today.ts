import type { RecordOf } from '@/lib/partner-api/records';

// "Vandaag": what changed in today's lessons and who is away, counted from the portal's rows.

export const TODAY_APPOINTMENT_FIELDS = [
  'id',
  'valid',
  'hidden',
  'cancelled',
  'teacherChanged',
  'locationChanged',
  'timeChanged',
  'groupChanged',
] as const;

export const TODAY_ABSENCE_FIELDS = ['id', 'employee', 'start', 'end'] as const;

export interface ChangeCounts {
  /** Appointments today with any change (each counted once). */
  total: number;
  cancelled: number;
  teacher: number;
  location: number;
  time: number;
  group: number;
}

/** Counts today's changed appointments: current versions only (valid, not hidden). */
export function countChanges(rows: readonly RecordOf<'appointments'>[]): ChangeCounts {
  const counts: ChangeCounts = { total: 0, cancelled: 0, teacher: 0, location: 0, time: 0, group: 0 };
  for (const r of rows) {
    if (r.valid === false || r.hidden === true) continue;
    const flags = {
      cancelled: r.cancelled === true,
      teacher: r.teacherChanged === true,
      location: r.locationChanged === true,
      time: r.timeChanged === true,
      group: r.groupChanged === true,
    };
    let changed = false;
    for (const [kind, on] of Object.entries(flags) as [keyof typeof flags, boolean][]) {
      if (!on) continue;
      counts[kind]++;
      changed = true;
    }
    if (changed) counts.total++;
  }
  return counts;
}

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
