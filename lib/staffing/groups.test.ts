import { describe, expect, it } from 'vitest';
import { groupsByTeacher, groupsWithoutTeacher, groupStatus, subjectGroups } from './groups';

describe('subjects and teaching groups', () => {
  const choosables = [
    { id: 1, departmentOfBranch: 10, subjectCode: 'wi', expectedGroupCount: 2, expectedStudentCount: 50 },
    { id: 2, departmentOfBranch: 10, subjectCode: 'ne', expectedGroupCount: 1 },
    { id: 3, departmentOfBranch: 11, subject: 77, expectedGroupCount: null },
    { id: 4, departmentOfBranchCode: 'h4', subjectCode: 'fa', expectedGroupCount: 3 },
  ];
  const courses = [
    {
      id: 100,
      groupName: '1a.wi',
      choosableInDepartment: 1,
      subjectCode: 'wi',
      teachers: [{ code: 'aaa' }],
      students: [{ code: 's1' }, { code: 's2' }],
    },
    {
      id: 101,
      groupName: '1b.ne',
      choosableInDepartment: 2,
      subjectCode: 'ne',
      teachers: [],
      students: [{ code: 's1' }],
    },
    { id: 102, groupName: '1c.ne', choosableInDepartment: 2, subjectCode: 'ne', teachers: ['bbb'], students: [] },
    { id: null, groupName: 'los', choosableInDepartment: null, teachers: [] },
    { id: 103, groupName: '4.du', choosableInDepartment: 3, subjectCode: 'du', students: null },
  ];

  it('compares planned groups with the expectation: te weinig, te veel, ok, onbekend', () => {
    const rows = subjectGroups(
      choosables,
      courses,
      new Map([
        [10, { code: 'a1', project: 1 }],
        [11, { code: 'b1', project: 1 }],
      ]),
    );
    expect(rows.map((r) => [r.department, r.subject, r.plannedGroups, r.status])).toEqual([
      ['a1', 'ne', 2, 'tooMany'],
      ['a1', 'wi', 1, 'tooFew'],
      ['b1', 'du', 1, 'unknown'],
      ['h4', 'fa', 0, 'tooFew'],
    ]);
    expect(rows.find((r) => r.subject === 'wi')).toMatchObject({ expectedStudentCount: 50, plannedStudents: 2 });
    expect(rows.find((r) => r.subject === 'du')!.plannedStudents).toBeNull();
    expect(groupStatus(2, 2)).toEqual({ status: 'ok', by: null });
  });

  it('compares students too: the groups can be right while too few students are placed', () => {
    // mavo3 ak: 2 groups expected and planned, 68 students expected, 39 placed.
    expect(groupStatus(2, 2, 68, 39)).toEqual({ status: 'tooFew', by: 'students' });
    expect(groupStatus(2, 2, 68, 70)).toEqual({ status: 'tooMany', by: 'students' });
    expect(groupStatus(2, 2, 68, 68)).toEqual({ status: 'ok', by: null });
    // The groups decide first; students not read (null) or not expected leave the groups' word.
    expect(groupStatus(3, 2, 68, 80)).toEqual({ status: 'tooFew', by: 'groups' });
    expect(groupStatus(2, 2, 68, null)).toEqual({ status: 'ok', by: null });
    expect(groupStatus(null, 2, 50, 40)).toEqual({ status: 'tooFew', by: 'students' });
    expect(groupStatus(null, 2, null, 40)).toEqual({ status: 'unknown', by: null });
  });

  it('lists groups without a teacher (never dropping one without an id) and the groups per teacher', () => {
    expect(groupsWithoutTeacher(courses).map((g) => g.name)).toEqual(['1b.ne', 'los']);
    const per = groupsByTeacher(courses, new Map([['bbb', { firstName: 'Bram', lastName: 'Aarts' }]]));
    expect(per.map((t) => [t.name, t.groups.map((g) => g.name)])).toEqual([
      ['aaa', ['1a.wi']],
      ['Bram Aarts', ['1c.ne']],
    ]);
  });
});
