import type { WeekSummary } from '@/lib/api/contract';
import type { RecordOf } from '@/lib/partner-api/records';
import { toAppointment, type Appointment } from './appointment';
import { periodSamples } from './layout';

// What a whole week read holds, summed up for a view that gets only its own appointments.

export function weekSummary(rows: readonly RecordOf<'appointments'>[]): WeekSummary {
  const current: Appointment[] = [];
  let highest: number | null = null;
  for (const r of rows) {
    if (typeof r.lastModified === 'number' && (highest === null || r.lastModified > highest)) highest = r.lastModified;
    const a = r.valid === false || r.hidden === true ? null : toAppointment(r);
    if (a) current.push(a);
  }
  const codes = (pick: (a: Appointment) => string[]) => [...new Set(current.flatMap(pick))];
  return {
    periods: periodSamples(current),
    groups: codes((a) => a.groups),
    locations: codes((a) => a.locations),
    teachers: codes((a) => a.teachers),
    highestLastModified: highest,
  };
}
