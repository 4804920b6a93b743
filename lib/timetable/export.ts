import type { Cell } from '@/lib/csv/csv';
import { isoDateOfDays, localAt, weekdayOfDays } from '@/lib/partner-api/calendar';
import { plainClockTime } from '@/lib/format/dates';
import type { Appointment } from './appointment';
import { changedParts } from './labels';
import { dayName, type LabelsT, type TimetableT, type Words } from './words';

// The shown week as table rows (CSV) — the columns a person sees on the grid, headed and worded in
// the interface's language; the portal's own values (type codes, changeDescription) as sent.

const COLUMNS = [
  'day',
  'date',
  'start',
  'end',
  'period',
  'type',
  'subjects',
  'groups',
  'teachers',
  'locations',
  'status',
  'change',
  'remark',
  'appointmentId',
] as const;

/** "Day", "Date", … / "Dag", "Datum", … */
export const weekCsvHeader = (t: TimetableT): string[] => COLUMNS.map((column) => t(`csv.${column}`));

export function statusOf(a: Appointment, labels: LabelsT): string {
  if (a.cancelled) return labels('status.cancelled');
  if (a.hidden) return labels('status.deleted');
  if (!a.valid) return labels('status.oldVersion');
  const changed = changedParts(a, labels);
  return changed.length > 0 ? labels('status.changed', { parts: changed.join(', ') }) : '';
}

export function weekCsvRows(appointments: readonly Appointment[], zone: string, words: Words): Cell[][] {
  return [...appointments]
    .sort((x, y) => x.start - y.start || x.key.localeCompare(y.key))
    .map((a) => {
      const start = localAt(a.start, zone);
      const period = a.startSlotName
        ? a.endSlotName && a.endSlotName !== a.startSlotName
          ? `${a.startSlotName}-${a.endSlotName}`
          : a.startSlotName
        : '';
      return [
        start ? dayName(weekdayOfDays(start.days), words.locale) : '',
        start ? isoDateOfDays(start.days) : null,
        plainClockTime(a.start, zone),
        plainClockTime(a.end, zone),
        period,
        a.type,
        a.subjects.join(', '),
        a.groups.join(', '),
        a.teachers.join(', '),
        a.locations.join(', '),
        statusOf(a, words.labels),
        a.changeDescription,
        a.schedulerRemark,
        a.id,
      ];
    });
}
