import type { Appointment } from '@/lib/timetable/appointment';
import type { SubjectOption } from './subject-picker';

/** Picker choices from the week's data, named from /users where the rights allow. */
export function subjectOptions(
  appointments: readonly Appointment[],
  names: ReadonlyMap<string, string> | undefined,
): SubjectOption[] {
  const teachers = new Set<string>();
  const groups = new Set<string>();
  const locations = new Set<string>();
  const students = new Set<string>();
  for (const a of appointments) {
    a.teachers.forEach((t) => teachers.add(t));
    a.groups.forEach((g) => groups.add(g));
    a.locations.forEach((l) => locations.add(l));
    a.students?.forEach((s) => students.add(s));
  }
  if (names) for (const code of names.keys()) if (!teachers.has(code) && /^\d+$/.test(code)) students.add(code);
  const label = (code: string) => (names?.get(code) ? `${names.get(code)} (${code})` : code);
  const sorted = (s: Set<string>) => [...s].sort((x, y) => x.localeCompare(y, 'nl', { numeric: true }));
  return [
    { kind: 'school', code: '', label: 'Whole school' },
    ...sorted(teachers).map((code) => ({ kind: 'teacher' as const, code, label: label(code) })),
    ...sorted(groups).map((code) => ({ kind: 'group' as const, code, label: code })),
    ...sorted(locations).map((code) => ({ kind: 'location' as const, code, label: code })),
    ...sorted(students).map((code) => ({ kind: 'student' as const, code, label: label(code) })),
  ];
}
