import type { Subject } from './view';

// Which appointment fields the grid asks for, and what each missing one costs the person.

export const GRID_FIELDS = [
  'id',
  'appointmentInstance',
  'start',
  'end',
  'type',
  'startTimeSlot',
  'startTimeSlotName',
  'endTimeSlotName',
  'subjects',
  'groups',
  'teachers',
  'locations',
  'cancelled',
  'valid',
  'hidden',
  'optional',
  'teacherChanged',
  'locationChanged',
  'timeChanged',
  'groupChanged',
  'changeDescription',
  'schedulerRemark',
  'content',
  'lastModified',
] as const;

export const WHAT_A_FIELD_ADDS: Record<string, string> = {
  teachers: 'teachers on the blocks and the teacher view',
  students: 'the student view',
  groups: 'groups on the blocks and the group view',
  locations: 'rooms on the blocks and the location view',
  lastModified: 'live updates of only what changed (Rooster re-reads the whole week instead)',
  cancelled: 'marking cancelled lessons',
  valid: 'telling the current version from older ones',
  startTimeSlotName: 'period names on the grid',
  changeDescription: 'what changed, on hover and in the details',
  teacherChanged: 'marking a changed teacher',
  locationChanged: 'marking a changed room',
  timeChanged: 'marking a moved lesson',
  groupChanged: 'marking a changed group',
  type: 'colours by appointment type',
  subjects: 'subjects on the blocks',
};

export interface AppointmentRights {
  readFields: readonly string[];
  filterFields: readonly string[];
}

export interface WeekPlan {
  fields: string[];
  /** Upstream filters for the view (a teacher, a student). */
  filters: Record<string, string>;
  /** Only what changed is read on each poll (the spec's three rules hold). */
  incremental: boolean;
  /** Fields the grid would use that the rights do not give, with what each would add. */
  missing: { field: string; adds: string }[];
}

export function planWeek(subject: Subject, rights: AppointmentRights): WeekPlan {
  const can = (f: string) => rights.readFields.includes(f);
  const filterable = (f: string) => rights.filterFields.includes(f);
  const wanted: string[] = [...GRID_FIELDS];
  const filters: Record<string, string> = {};
  if (subject.kind === 'teacher' && filterable('teachers')) filters.teachers = subject.code;
  if (subject.kind === 'student') {
    if (filterable('possibleStudents')) filters.possibleStudents = subject.code;
    else if (filterable('user')) filters.user = subject.code;
    else wanted.push('students');
  }
  const incremental = can('lastModified') && filterable('modifiedSince') && filterable('includeHidden');
  if (filterable('includeHidden')) filters.includeHidden = 'true';
  const missing = [
    ...new Set([...wanted, ...(subject.kind === 'student' && !('students' in filters) ? ['students'] : [])]),
  ]
    .filter((f) => !can(f) && WHAT_A_FIELD_ADDS[f])
    .map((field) => ({ field, adds: WHAT_A_FIELD_ADDS[field]! }));
  return { fields: wanted.filter(can), filters, incremental, missing };
}
