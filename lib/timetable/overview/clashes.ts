import type { Appointment } from '@/lib/timetable/appointment';
import type { Subject } from '@/lib/timetable/view';
import type { OverviewKind } from './view';

// Which appointments clash: the overview's rule, which a subject's week grid marks too. Its own
// module so the timetable's grid takes the rule without the overview's matrix (matrix.ts).

const FIELD = { teacher: 'teachers', group: 'groups', location: 'locations' } as const;

/** The teachers', groups' or rooms' codes of an appointment, each once. */
export const codesOf = (a: Appointment, kind: OverviewKind): string[] => [...new Set(a[FIELD[kind]])];

/**
 * The keys of appointments that overlap in time with another one of the same list: valid
 * versions only, cancelled ones never (a cancelled lesson frees its teacher, group and room).
 */
export function clashesAmong(appointments: readonly Appointment[]): Set<string> {
  const live = appointments.filter(counts).sort((x, y) => x.start - y.start || x.end - y.end);
  const out = new Set<string>();
  // A sweep over start times with the appointments still running: each pair that overlaps is seen once.
  let running: Appointment[] = [];
  for (const a of live) {
    running = running.filter((r) => r.end > a.start);
    for (const r of running) {
      if (r.key === a.key) continue;
      out.add(r.key);
      out.add(a.key);
    }
    running.push(a);
  }
  return out;
}

/** What can clash: a valid version, not cancelled (a cancelled lesson frees its teacher, group and room). */
const counts = (a: Appointment) => a.valid && !a.hidden && !a.cancelled;

const NONE: ReadonlySet<string> = new Set();

/**
 * The clashes a subject's week grid marks, by the overview's rule: among the appointments of the
 * subject's own row (a teacher's, a group's, a room's; a student's are all theirs), as clashesAmong.
 */
export function subjectClashes(appointments: readonly Appointment[], subject: Subject): ReadonlySet<string> {
  if (subject.kind === 'school') return NONE;
  return clashesAmong(subjectRow(appointments, subject));
}

/** What `a` clashes with in the subject's row, by the same rule: what its details name. */
export function clashesWith(a: Appointment, appointments: readonly Appointment[], subject: Subject): Appointment[] {
  if (subject.kind === 'school' || !counts(a)) return [];
  const row = subjectRow(appointments, subject);
  // Not in the row (another teacher's lesson on a teacher's week): not this row's clash.
  if (!row.some((b) => b.key === a.key)) return [];
  return row.filter((b) => b.key !== a.key && counts(b) && b.start < a.end && a.start < b.end);
}

/** The subject's own appointments (a student's are all theirs). */
function subjectRow(appointments: readonly Appointment[], subject: Exclude<Subject, { kind: 'school' }>) {
  if (subject.kind === 'student') return appointments;
  const { kind, code } = subject;
  return appointments.filter((a) => codesOf(a, kind).includes(code));
}
