import type { Narrowing } from '@/lib/partner-api/proxy-query';
import { fieldList } from '@/lib/partner-api/records';
import type { Subject } from './view';

// Which appointment fields the grid asks for, and what each missing one costs the person.

export const GRID_FIELDS = fieldList('appointments', [
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
]);

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
  /** Narrowing by the proxy where no upstream filter can select the view (a group, a room). */
  narrow: Narrowing | null;
  /** The portal's filter already chose the view's rows: the page takes them as they come. */
  selectedUpstream: boolean;
  /** Why the rights cannot pick out the view at all (nothing is read then), or null. */
  cannotSelect: string | null;
  /** Only what changed is read on each poll (the spec's three rules hold). */
  incremental: boolean;
  /** Fields the grid would use that the rights do not give, with what each would add. */
  missing: { field: string; adds: string }[];
}

/** The field a view's subject is found in, to narrow on when no upstream filter selects it. */
const SUBJECT_FIELD = { teacher: 'teachers', group: 'groups', location: 'locations', student: 'students' } as const;

export function planWeek(subject: Subject, rights: AppointmentRights): WeekPlan {
  const can = (f: string) => rights.readFields.includes(f);
  const filterable = (f: string) => rights.filterFields.includes(f);
  const wanted: string[] = [...GRID_FIELDS];
  const filters: Record<string, string> = {};
  let narrow: Narrowing | null = null;
  let cannotSelect: string | null = null;
  if (subject.kind === 'teacher' && filterable('teachers')) filters.teachers = subject.code;
  else if (subject.kind === 'student' && filterable('possibleStudents')) filters.possibleStudents = subject.code;
  else if (subject.kind === 'student' && filterable('user')) filters.user = subject.code;
  else if (subject.kind !== 'school') {
    const field = SUBJECT_FIELD[subject.kind];
    if (!wanted.includes(field)) wanted.push(field);
    if (can(field)) narrow = { field, value: subject.code };
    else
      cannotSelect =
        subject.kind === 'student'
          ? 'Your rights do not let Rooster pick out one student’s lessons: ask the school for the appointments filter possibleStudents or user, or the field students.'
          : `Your rights do not let Rooster pick out this ${subject.kind === 'location' ? 'room' : subject.kind}’s lessons: ask the school for the appointments field ${field}.`;
  }
  const incremental = can('lastModified') && filterable('modifiedSince') && filterable('includeHidden');
  if (filterable('includeHidden')) filters.includeHidden = 'true';
  const missing = wanted
    .filter((f) => !can(f) && WHAT_A_FIELD_ADDS[f])
    .map((field) => ({ field, adds: WHAT_A_FIELD_ADDS[field]! }));
  const selectedUpstream = 'teachers' in filters || 'possibleStudents' in filters || 'user' in filters;
  return { fields: wanted.filter(can), filters, narrow, selectedUpstream, cannotSelect, incremental, missing };
}
