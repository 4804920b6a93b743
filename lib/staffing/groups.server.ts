import 'server-only';
import { NAME_FIELDS, RightsReader } from '@/lib/partner-api/reader.server';
import type { NameParts } from '@/lib/people/names';
import { joinedRead } from '@/lib/platform/first-answer.server';
import { groupsByTeacher, groupsWithoutTeacher, subjectGroups } from './groups';
import type { GroupsAnswer } from './types';

// The groups page: subjects on departments against their teaching groups, per teacher.

/** Subjects on departments against their teaching groups, the groups without a teacher, per teacher. */
/**
 * The groups of the projects read, as the route and the groups page's first read ask for them: one
 * read per connection and projects at a time (`joinedRead`), as `weekLoads`.
 */
export function schoolGroups(reader: RightsReader): Promise<GroupsAnswer> {
  const key = `${reader.active.connection.id} groups ${reader.projects.join(',')}`;
  return joinedRead(key, () => staffingGroups(reader));
}

export async function staffingGroups(reader: RightsReader): Promise<GroupsAnswer> {
  reader.has('choosableindepartments', ['id', 'expectedGroupCount', 'expectedStudentCount']);
  reader.has('courses', ['choosableInDepartment', 'teachers', 'students']);
  const [choosables, courses, departments, employees] = await Promise.all([
    reader.read('choosableindepartments', [
      'id',
      'departmentOfBranch',
      'subject',
      'subjectCode',
      'subjectName',
      'departmentOfBranchCode',
      'expectedGroupCount',
      'expectedStudentCount',
    ]),
    reader.read('courses', [
      'id',
      'groupName',
      'choosableInDepartment',
      'subjectCode',
      'subjectName',
      'departmentCode',
      'teachers',
      'students',
    ]),
    reader.read('departmentsofbranches', ['id', 'code', 'schoolInSchoolYear']),
    reader.read('employees', ['userCode', ...NAME_FIELDS]),
  ]);
  const departmentsById = new Map<number, { code: string; project: number | null }>();
  for (const d of departments)
    if (typeof d.id === 'number')
      departmentsById.set(d.id, {
        code: typeof d.code === 'string' ? d.code : '',
        project: typeof d.schoolInSchoolYear === 'number' ? d.schoolInSchoolYear : null,
      });
  const names = new Map<string, NameParts>();
  for (const e of employees) if (typeof e.userCode === 'string') names.set(e.userCode, e);
  return {
    data: subjectGroups(choosables, courses, departmentsById),
    withoutTeacher: groupsWithoutTeacher(courses),
    byTeacher: groupsByTeacher(courses, names),
    meta: reader.meta({ weeks: [] }),
  };
}
