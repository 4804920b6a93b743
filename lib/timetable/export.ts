import { DateTime } from 'luxon';
import type { Cell } from '@/lib/csv/csv';
import { clockTime } from '@/lib/format/dates';
import type { Appointment } from './appointment';
import { DAY_NAMES } from './labels';

// The shown week as table rows (CSV) — the columns a person sees on the grid.

export const WEEK_CSV_HEADER = [
  'Day',
  'Date',
  'Start',
  'End',
  'Period',
  'Type',
  'Subjects',
  'Groups',
  'Teachers',
  'Locations',
  'Status',
  'Change',
  'Remark',
  'Appointment id',
];

export function statusOf(a: Appointment): string {
  if (a.cancelled) return 'cancelled';
  if (a.hidden) return 'deleted';
  if (!a.valid) return 'old version';
  const changed = [
    a.teacherChanged && 'teacher',
    a.locationChanged && 'room',
    a.timeChanged && 'time',
    a.groupChanged && 'group',
  ].filter(Boolean);
  return changed.length > 0 ? `changed: ${changed.join(', ')}` : '';
}

export function weekCsvRows(appointments: readonly Appointment[], zone: string): Cell[][] {
  return [...appointments]
    .sort((x, y) => x.start - y.start || x.key.localeCompare(y.key))
    .map((a) => {
      const start = DateTime.fromSeconds(a.start, { zone });
      const period = a.startSlotName
        ? a.endSlotName && a.endSlotName !== a.startSlotName
          ? `${a.startSlotName}-${a.endSlotName}`
          : a.startSlotName
        : '';
      return [
        DAY_NAMES[start.weekday - 1],
        start.toISODate(),
        clockTime(a.start, zone),
        clockTime(a.end, zone),
        period,
        a.type,
        a.subjects.join(', '),
        a.groups.join(', '),
        a.teachers.join(', '),
        a.locations.join(', '),
        statusOf(a),
        a.changeDescription,
        a.schedulerRemark,
        a.id,
      ];
    });
}
