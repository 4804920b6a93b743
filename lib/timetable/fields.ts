import type { Narrowing } from '@/lib/partner-api/proxy-query';
import { fieldList, type FieldName } from '@/lib/partner-api/records';
import type { Subject } from './view';
import type { TimetableT } from './words';

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

/** Fields whose absence costs the person something; what each adds is in messages `timetable.fieldAdds`. */
export const FIELDS_THAT_ADD = [
  'teachers',
  'students',
  'groups',
  'locations',
  'lastModified',
  'cancelled',
  'valid',
  'startTimeSlotName',
  'changeDescription',
  'teacherChanged',
  'locationChanged',
  'timeChanged',
  'groupChanged',
  'type',
  'subjects',
] as const;
export type AddingField = (typeof FIELDS_THAT_ADD)[number];

const addsSomething = (field: string): field is AddingField => (FIELDS_THAT_ADD as readonly string[]).includes(field);

/** Why the rights cannot pick out a view's lessons: one student's, or a group's, room's or teacher's. */
export type CannotSelect =
  { kind: 'student' } | { kind: 'teacher' | 'group' | 'location'; field: 'teachers' | 'groups' | 'locations' };

/** The sentence for `cannotSelect`: what to ask the school for. */
export function cannotSelectText(reason: CannotSelect, t: TimetableT): string {
  return reason.kind === 'student'
    ? t('cannotSelect.student')
    : t('cannotSelect.subject', { kind: reason.kind, field: reason.field });
}

export interface AppointmentRights {
  readFields: readonly string[];
  filterFields: readonly string[];
}

export interface WeekPlan {
  fields: FieldName<'appointments'>[];
  /** Upstream filters for the view (a teacher, a student). */
  filters: Record<string, string>;
  /** Narrowing by the proxy where no upstream filter can select the view (a group, a room). */
  narrow: Narrowing | null;
  /** The portal's filter already chose the view's rows: the page takes them as they come. */
  selectedUpstream: boolean;
  /** Why the rights cannot pick out the view at all (nothing is read then), or null. */
  cannotSelect: CannotSelect | null;
  /** Only what changed is read on each poll (the spec's three rules hold). */
  incremental: boolean;
  /** Fields the grid would use that the rights do not give (what each would add: `timetable.fieldAdds`). */
  missing: { field: AddingField }[];
}

/** The field a view's subject is found in, to narrow on when no upstream filter selects it. */
const SUBJECT_FIELD = { teacher: 'teachers', group: 'groups', location: 'locations', student: 'students' } as const;

export function planWeek(subject: Subject, rights: AppointmentRights): WeekPlan {
  const can = (f: string) => rights.readFields.includes(f);
  const filterable = (f: string) => rights.filterFields.includes(f);
  const wanted: FieldName<'appointments'>[] = [...GRID_FIELDS];
  const filters: Record<string, string> = {};
  let narrow: Narrowing | null = null;
  let cannotSelect: CannotSelect | null = null;
  if (subject.kind === 'teacher' && filterable('teachers')) filters.teachers = subject.code;
  else if (subject.kind === 'student' && filterable('possibleStudents')) filters.possibleStudents = subject.code;
  else if (subject.kind === 'student' && filterable('user')) filters.user = subject.code;
  else if (subject.kind !== 'school') {
    const field = SUBJECT_FIELD[subject.kind];
    if (!wanted.includes(field)) wanted.push(field);
    if (can(field)) narrow = { field, value: subject.code };
    else
      cannotSelect =
        subject.kind === 'student' ? { kind: 'student' } : { kind: subject.kind, field: SUBJECT_FIELD[subject.kind] };
  }
  const incremental = can('lastModified') && filterable('modifiedSince') && filterable('includeHidden');
  if (filterable('includeHidden')) filters.includeHidden = 'true';
  const missing = wanted.filter((f): f is AddingField => !can(f) && addsSomething(f)).map((field) => ({ field }));
  const selectedUpstream = 'teachers' in filters || 'possibleStudents' in filters || 'user' in filters;
  return { fields: wanted.filter(can), filters, narrow, selectedUpstream, cannotSelect, incremental, missing };
}
