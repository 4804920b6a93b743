import type { Subject } from './view';
import type { Appointment } from '@/lib/lessons/appointment';

// The timetable's view of appointments: which the grid shows for its subject. The appointment
// itself, and how a record becomes one, are the lessons layer's (lib/lessons/appointment.ts).

export * from '@/lib/lessons/appointment';

/**
 * What the grid shows: valid versions (or every version, deleted ones never unless asked) of the
 * subject. `selectedUpstream`: the portal's filter (teachers, possibleStudents, user) chose the rows.
 */
export function visible(
  appointments: Iterable<Appointment>,
  subject: Subject,
  allVersions: boolean,
  selectedUpstream = false,
): Appointment[] {
  const out: Appointment[] = [];
  for (const a of appointments) {
    if (a.hidden && !allVersions) continue;
    if (!a.valid && !allVersions) continue;
    if (!selectedUpstream && !matchesSubject(a, subject)) continue;
    out.push(a);
  }
  return out;
}

/** Whether an appointment belongs to the view, by its own fields. */
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
