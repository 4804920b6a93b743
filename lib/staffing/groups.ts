import { displayName, nameSortKey, compareSortKeys, type NameParts } from '@/lib/people/names';
import type { GroupStatus, SubjectGroups, TeachingGroup } from './types';
import type { CatalogRecord } from '@/lib/partner-api/records';

// Subjects on departments against the teaching groups planned for them: the staffing plan's
// expectation (`expectedGroupCount`, `expectedStudentCount` of /choosableindepartments) beside the
// /courses whose `choosableInDepartment` is that subject. Pure, lenient: a course without a subject
// id is still listed (under "without a teacher" and per teacher), never dropped.

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const codesOf = (v: unknown): string[] | null =>
  Array.isArray(v)
    ? v
        .map((x) =>
          typeof x === 'string' ? x : x && typeof x === 'object' ? text((x as { code?: unknown }).code) : '',
        )
        .filter(Boolean)
    : null;

const compare = (expected: number | null, planned: number | null): GroupStatus =>
  expected === null || planned === null
    ? 'unknown'
    : planned < expected
      ? 'tooFew'
      : planned > expected
        ? 'tooMany'
        : 'ok';

/**
 * The groups against their expectation first, then the students: ok only when both agree (or the
 * students are not expected); unknown without any expectation. `by` says which count decided.
 */
export function groupStatus(
  expectedGroups: number | null,
  plannedGroups: number,
  expectedStudents: number | null = null,
  plannedStudents: number | null = null,
): { status: GroupStatus; by: 'groups' | 'students' | null } {
  const groups = compare(expectedGroups, plannedGroups);
  if (groups === 'tooFew' || groups === 'tooMany') return { status: groups, by: 'groups' };
  const students = compare(expectedStudents, plannedStudents);
  if (students === 'tooFew' || students === 'tooMany') return { status: students, by: 'students' };
  return { status: groups === 'ok' || students === 'ok' ? 'ok' : 'unknown', by: null };
}

export function teachingGroup(course: CatalogRecord<'courses'>): TeachingGroup {
  const students = codesOf(course.students);
  return {
    id: num(course.id),
    name: text(course.groupName),
    subject: text(course.subjectCode) || text(course.subjectName),
    department: text(course.departmentCode),
    teachers: 'teachers' in course ? (codesOf(course.teachers) ?? []) : null,
    students: students ? students.length : null,
  };
}

/** One record per subject on a department, in department then subject order. */
export function subjectGroups(
  choosables: Iterable<CatalogRecord<'choosableindepartments'>>,
  courses: Iterable<CatalogRecord<'courses'>>,
  departments: ReadonlyMap<number, { code: string; project: number | null }>,
): SubjectGroups[] {
  const planned = new Map<number, { groups: number; students: Set<string> | null; subject: string }>();
  for (const c of courses) {
    const id = num(c.choosableInDepartment);
    if (id === null) continue;
    const p = planned.get(id) ?? { groups: 0, students: new Set<string>(), subject: '' };
    p.groups++;
    const students = codesOf(c.students);
    if (students && p.students) students.forEach((s) => p.students!.add(s));
    else p.students = null;
    p.subject ||= text(c.subjectCode) || text(c.subjectName);
    planned.set(id, p);
  }
  const collator = new Intl.Collator('nl', { numeric: true });
  const out: SubjectGroups[] = [];
  for (const s of choosables) {
    const id = num(s.id);
    const p = id === null ? undefined : planned.get(id);
    const expectedGroupCount = num(s.expectedGroupCount);
    const plannedGroups = p?.groups ?? 0;
    const expectedStudentCount = num(s.expectedStudentCount);
    const plannedStudents = p ? (p.students?.size ?? null) : 0;
    const { status, by } = groupStatus(expectedGroupCount, plannedGroups, expectedStudentCount, plannedStudents);
    const dept = departments.get(num(s.departmentOfBranch) ?? NaN);
    const department = text(s.departmentOfBranchCode) || dept?.code || text(s.departmentOfBranch);
    out.push({
      choosableInDepartment: id,
      project: dept?.project ?? null,
      department,
      subject: text(s.subjectCode) || p?.subject || text(s.subjectName) || text(s.subject),
      expectedGroupCount,
      plannedGroups,
      expectedStudentCount,
      plannedStudents,
      status,
      statusBy: by,
    });
  }
  // The newest project first (this year's plan before last year's), then department and subject.
  return out.sort(
    (a, b) =>
      (b.project ?? 0) - (a.project ?? 0) ||
      collator.compare(a.department, b.department) ||
      collator.compare(a.subject, b.subject),
  );
}

/** Teaching groups without a teacher (only when `teachers` is readable), by name. */
export function groupsWithoutTeacher(courses: Iterable<CatalogRecord<'courses'>>): TeachingGroup[] {
  const collator = new Intl.Collator('nl', { numeric: true });
  return [...courses]
    .map(teachingGroup)
    .filter((g) => g.teachers !== null && g.teachers.length === 0)
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.subject, b.subject));
}

/** Per teacher the teaching groups they teach (a group with two subjects, as `2v3`, is one course each). */
export function groupsByTeacher(courses: Iterable<CatalogRecord<'courses'>>, names: ReadonlyMap<string, NameParts>) {
  const by = new Map<string, TeachingGroup[]>();
  for (const c of courses) {
    const g = teachingGroup(c);
    for (const t of g.teachers ?? []) {
      const list = by.get(t);
      if (list) list.push(g);
      else by.set(t, [g]);
    }
  }
  return [...by]
    .map(([employee, groups]) => {
      const n = names.get(employee);
      return { employee, name: (n && displayName(n)) || employee, sortKey: n ? nameSortKey(n) : employee, groups };
    })
    .sort((a, b) => compareSortKeys(a.sortKey, b.sortKey));
}
