import type { IsoWeek } from '@/lib/partner-api/values';
import type { AppointmentRights } from '@/lib/timetable/fields';
import type { Grouping } from './day-changes';

// What the server tells the changes page: the day, the rights, how to poll and how to show it.

export const ABSENCE_FIELDS = [
  'id',
  'employee',
  'start',
  'end',
  'absenceType',
  'absenceTypeCode',
  'firstName',
  'prefix',
  'lastName',
] as const;

export const GROUPINGS: readonly Grouping[] = ['period', 'group', 'teacher', 'location'];
/** By lesuur: each change once, a busy day in a few screens. */
export const DEFAULT_GROUPING: Grouping = 'period';

export interface ChangesConfig {
  zone: string;
  pollSeconds: number;
  /** The day shown, ISO, in the school's zone. */
  date: string;
  isToday: boolean;
  previous: string;
  next: string;
  /** [dayStart, dayEnd) in unix seconds. */
  dayStart: number;
  dayEnd: number;
  week: IsoWeek;
  projects: number[];
  rights: AppointmentRights;
  /** Readable fields of /employeeabsences and whether the day can be asked for; null without the endpoint. */
  absence: { fields: (typeof ABSENCE_FIELDS)[number][]; byDate: boolean } | null;
  grouping: Grouping;
  display: boolean;
}

/** The page's URL for a day, grouping and mode (one writer, so links stay one form; `by` always said). */
export function changesHref(date: string, grouping: Grouping, display = false): string {
  const params = new URLSearchParams({ date });
  params.set('by', grouping);
  if (display) params.set('display', '1');
  return `/changes?${params}`;
}
