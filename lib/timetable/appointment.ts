import type { PartnerRecord } from '@/lib/partner-api/schemas';
import type { Subject } from './view';

// An appointment version as the grid uses it, read from a (lenient) partner record.

export interface Appointment {
  id: number;
  instance: number | null;
  start: number;
  end: number;
  type: string;
  startSlotName: string | null;
  endSlotName: string | null;
  startSlot: number | null;
  subjects: string[];
  groups: string[];
  teachers: string[];
  locations: string[];
  students: string[] | null;
  cancelled: boolean;
  valid: boolean;
  hidden: boolean;
  optional: boolean;
  teacherChanged: boolean;
  locationChanged: boolean;
  timeChanged: boolean;
  groupChanged: boolean;
  changeDescription: string;
  schedulerRemark: string;
  content: string;
  lastModified: number | null;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** null when the record lacks what a grid block needs (an id and a time). */
export function toAppointment(r: PartnerRecord): Appointment | null {
  const id = num(r.id);
  const start = num(r.start);
  const end = num(r.end);
  if (id === null || start === null || end === null) return null;
  return {
    id,
    instance: num(r.appointmentInstance),
    start,
    end: Math.max(end, start),
    type: text(r.type) || 'unknown',
    startSlotName: text(r.startTimeSlotName) || null,
    endSlotName: text(r.endTimeSlotName) || null,
    startSlot: num(r.startTimeSlot),
    subjects: list(r.subjects),
    groups: list(r.groups),
    teachers: list(r.teachers),
    locations: list(r.locations),
    students: Array.isArray(r.students) ? list(r.students) : null,
    cancelled: r.cancelled === true,
    valid: r.valid !== false,
    hidden: r.hidden === true,
    optional: r.optional === true,
    teacherChanged: r.teacherChanged === true,
    locationChanged: r.locationChanged === true,
    timeChanged: r.timeChanged === true,
    groupChanged: r.groupChanged === true,
    changeDescription: text(r.changeDescription),
    schedulerRemark: text(r.schedulerRemark),
    content: text(r.content),
    lastModified: num(r.lastModified),
  };
}

/** What the grid shows: valid versions (or every version, deleted ones never unless asked) of the subject. */
export function visible(appointments: Iterable<Appointment>, subject: Subject, allVersions: boolean): Appointment[] {
  const out: Appointment[] = [];
  for (const a of appointments) {
    if (a.hidden && !allVersions) continue;
    if (!a.valid && !allVersions) continue;
    if (!matchesSubject(a, subject)) continue;
    out.push(a);
  }
  return out;
}

export function matchesSubject(a: Appointment, subject: Subject): boolean {
  switch (subject.kind) {
    case 'school':
      return true;
    case 'teacher':
      return a.teachers.includes(subject.code);
    case 'group':
      return a.groups.includes(subject.code);
    case 'location':
      return a.locations.includes(subject.code);
    case 'student':
      return a.students?.includes(subject.code) ?? false;
  }
}
