import { DateTime } from 'luxon';
import { localInstant, SCHOOL_ZONE } from './calendar';
import { clusterSubject, SCHOOL, type Department, type Organisation } from './organisation';
import { Random } from './random';
import { lowerCurriculum, subjectByCode, upperCommon, upperElectives } from './subjects';
import type { Employee, School, StoredRow } from './types';

// Every resource but appointments, as the portal would store it.

const ABSENCE_TYPES = [
  { type: 0, code: 'ZIEK', weight: 52, days: [1, 10] },
  { type: 1, code: 'SCHOL', weight: 18, days: [1, 2] },
  { type: 2, code: 'VERL', weight: 14, days: [1, 5] },
  { type: 3, code: 'BVERL', weight: 6, days: [1, 2] },
  { type: 4, code: 'ZWANG', weight: 2, days: [40, 80] },
  { type: 5, code: 'OUDER', weight: 3, days: [5, 20] },
  { type: 6, code: 'DIENST', weight: 3, days: [1, 3] },
  { type: 7, code: 'OVERIG', weight: 2, days: [1, 1] },
] as const;

/**
 * Lessons a week per teacher and project in the timetable template (`code|projectId`): what each
 * contract's `lessonsToPlan` starts from, so the staffing figures agree with the timetable.
 */
export type PlannedLessons = ReadonlyMap<string, number>;

export function buildTables(
  org: Organisation,
  seed: number,
  schoolYear: number,
  snapshotAt: number,
  planned: PlannedLessons = new Map(),
): School['tables'] {
  const rng = new Random(seed).fork('tables');
  // The staffing figures draw from their own stream, so the rest of the school stays as it was.
  const staffing = new Random(seed).fork('staffing');
  const expectations = new Random(seed).fork('expectations');
  const published = localInstant(`${schoolYear}-07-03T15:00`);
  const sisyName = (id: number) => org.projects.find((p) => p.id === id)?.name ?? null;

  const branches: StoredRow[] = [
    {
      row: { code: 'hg', name: 'Hoofdgebouw', extCode: '04XY00', extUuid: 'b5a0c7de-5d1e-4c51-9d0b-2f6a3a0e0001' },
      projects: org.projects.filter((p) => p.branchCode === 'hg').map((p) => p.id),
    },
    {
      row: { code: 'nrd', name: 'Locatie Noord', extCode: '04XY01', extUuid: 'b5a0c7de-5d1e-4c51-9d0b-2f6a3a0e0002' },
      projects: org.projects.filter((p) => p.branchCode === 'nrd').map((p) => p.id),
    },
  ];

  const branchesofschools: StoredRow[] = org.projects.map((p) => ({
    row: {
      id: p.branchOfSchool,
      branch: p.branchCode,
      schoolInSchoolYear: p.id,
      name: p.branchCode === 'hg' ? 'Hoofdgebouw' : 'Locatie Noord',
    },
    projects: [p.id],
  }));

  const departmentsofbranches: StoredRow[] = org.departments.map((d) => ({
    row: {
      id: d.id,
      branchOfSchool: d.project.branchOfSchool,
      code: d.code,
      schoolInSchoolYear: d.project.id,
      branchOfSchoolCode: d.branchCode,
      educationType: d.level,
      yearOfEducation: d.year,
      studentCount: d.mainGroups.reduce((n, g) => n + g.students.length, 0),
      maxGroupSize: 30,
      participationThreshold: 0.8,
      schoolInSchoolYearId: d.project.id,
      schoolInSchoolYearName: d.project.name,
      teachingLevel: d.upper ? '2egraads' : '1egraads',
    },
    projects: [d.project.id],
  }));

  const groupindepartments: StoredRow[] = [...org.groups.values()].map((g) => ({
    row: {
      id: g.id,
      departmentOfBranch: g.departmentOfBranch,
      name: g.name,
      extendedName: g.extendedName,
      yearOfEducation: g.yearOfEducation,
      isMainGroup: g.isMainGroup,
    },
    projects: [g.projectId],
  }));

  // Subjects on departments, with ids that courses refer to.
  let choosableId = 5000;
  const choosableOf = new Map<string, number>();
  const choosableindepartments: StoredRow[] = [];
  for (const d of org.departments) {
    const mandatory = Object.keys(d.upper ? upperCommon : lowerCurriculum);
    const optional = d.upper ? Object.keys(upperElectives[d.level]) : [];
    for (const code of [...mandatory, ...optional]) {
      const subject = subjectByCode.get(code)!;
      const id = choosableId++;
      choosableOf.set(`${d.id}|${code}`, id);
      choosableindepartments.push({
        row: {
          id,
          departmentOfBranch: d.id,
          subject: subject.id,
          subjectCode: code,
          subjectName: subject.name,
          departmentOfBranchCode: d.code,
          scheduleCode: code,
          subjectScheduleCode: code,
          courseType: optional.includes(code) ? 'optional' : 'mandatory',
          isExam: d.upper,
          maxGroupSize: 30,
          expectedStudentCount: optional.includes(code)
            ? electiveExpectation(d, code, expectations)
            : d.mainGroups.reduce((n, g) => n + g.students.length, 0),
          expectedStudentCountAlgorithm: 'count',
          studentThreshold: 8,
          teachingLevel: d.upper ? '2egraads' : '1egraads',
        },
        projects: [d.project.id],
      });
    }
  }

  // Courses: one teaching group per (group, subject) of the current year.
  let courseId = 6000;
  const courses: StoredRow[] = [];
  const studentRef = (code: string) => ({ code });
  const deptById = new Map<number, Department>(org.departments.map((d) => [d.id, d]));
  for (const group of org.groups.values()) {
    const dept = deptById.get(group.departmentOfBranch)!;
    const subjects = group.isMainGroup
      ? Object.keys(dept.upper ? upperCommon : lowerCurriculum)
      : [clusterSubject(group)];
    for (const code of subjects) {
      const teacher = org.teacherOf.get(`${group.name}|${code}`);
      courses.push({
        row: {
          id: courseId++,
          branchCode: dept.branchCode,
          choosableInDepartment: choosableOf.get(`${dept.id}|${code}`) ?? null,
          departmentCode: dept.code,
          educationTypes: [dept.level],
          groupName: group.name,
          iltCode: 1000 + (subjectByCode.get(code)?.id ?? 0),
          schoolYear,
          students: group.students.map(studentRef),
          subjectCode: code,
          subjectName: subjectByCode.get(code)?.name ?? code,
          teachers: teacher ? [{ code: teacher }] : [],
          yearOfEducation: dept.year,
        },
        projects: [group.projectId],
      });
    }
  }

  addStaffingPlan(choosableindepartments, courses, staffing, courseId);

  // Contracts: this year and last; some on both branches, some ending mid-year.
  let contractId = 7000;
  const contracts: StoredRow[] = [];
  const mainContract = new Map<string, number>();
  const employeeProjects = new Map<string, Set<number>>();
  const all = [...org.employees.values()];
  const directors = new Set(org.staff.slice(0, 2).map((e) => e.code));
  const personal = new Map<
    string,
    { gender: string; birth: string; commenced: string; fte: number; scale: number; step: number }
  >();
  for (const e of all) {
    const birthYear = rng.int(1962, 1999);
    personal.set(e.code, {
      gender: rng.pick(['f', 'm']),
      birth: DateTime.fromObject({ year: birthYear, month: rng.int(1, 12), day: rng.int(1, 28) }).toISODate()!,
      commenced: DateTime.fromObject({
        year: rng.int(Math.max(birthYear + 23, 1990), schoolYear),
        month: 8,
        day: 1,
      }).toISODate()!,
      fte: rng.pick([0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1, 1]),
      scale: e.subjects.length === 0 ? (directors.has(e.code) ? 14 : rng.int(6, 9)) : rng.pick([11, 11, 12, 12, 13]),
      step: rng.int(1, 12),
    });
  }
  for (const project of org.projects) {
    const current = project.schoolYear === schoolYear;
    for (const e of all) {
      const isMainBranch = e.branches[0] === project.branchCode;
      const onBranch = e.branches.includes(project.branchCode);
      if (!onBranch) continue;
      if (!current && rng.chance(0.12)) continue; // newcomers this year
      const p = personal.get(e.code)!;
      const endsMidYear = current && rng.chance(0.07);
      const id = contractId++;
      if (current && isMainBranch) mainContract.set(e.code, id);
      if (!employeeProjects.has(e.code)) employeeProjects.set(e.code, new Set());
      employeeProjects.get(e.code)!.add(project.id);
      const fte = isMainBranch ? p.fte : 0.2;
      const figures = contractFigures(planned, e, project, org, fte, staffing);
      contracts.push({
        row: {
          id,
          employee: e.code,
          schoolInSchoolYear: project.id,
          start: `${project.schoolYear}-08-01`,
          end: endsMidYear ? `${project.schoolYear + 1}-01-31` : `${project.schoolYear + 1}-07-31`,
          firstName: e.firstName,
          prefix: e.prefix,
          lastName: e.lastName,
          email: e.email,
          employeeNumber: e.employeeNumber,
          gender: p.gender,
          dateOfBirth: p.birth,
          commencementSchool: p.commenced,
          commencementTeaching: p.commenced,
          isMainContract: isMainBranch,
          defaultFunctionCategory: e.subjects.length > 0 ? 'OP' : directors.has(e.code) ? 'DIR' : 'OOP',
          fteNet: fte,
          ftePermanent: rng.chance(0.8) ? fte : 0,
          fteTemporary: 0,
          clockHoursGross: Math.round(fte * 1659),
          clockHoursNet: Math.round(fte * 1659 * 0.93),
          ...figures,
          salaryScale: p.scale,
          salaryStep: p.step,
          mainBranchOfSchool:
            org.projects.find((q) => q.schoolYear === project.schoolYear && q.branchCode === e.branches[0])
              ?.branchOfSchool ?? null,
          school: SCHOOL.id,
          schoolName: SCHOOL.name,
          schoolYear: project.schoolYear,
          schoolInSchoolYearName: sisyName(project.id),
        },
        projects: [project.id],
      });
    }
  }

  const employees: StoredRow[] = all.map((e) => ({
    row: {
      userCode: e.code,
      firstName: e.firstName,
      prefix: e.prefix,
      lastName: e.lastName,
      email: e.email,
      employeeNumber: e.employeeNumber,
      commencementSchool: personal.get(e.code)!.commenced,
      commencementTeaching: personal.get(e.code)!.commenced,
      created: published - rng.int(30, 900) * 86_400,
      lastModified: published + rng.int(0, 40) * 86_400,
      lastModifiedBy: 'adm',
    },
    projects: [...(employeeProjects.get(e.code) ?? [])],
  }));

  const users: StoredRow[] = [
    ...[...org.students.values()].map((s) => ({
      row: {
        code: s.code,
        firstName: s.firstName,
        prefix: s.prefix,
        lastName: s.lastName,
        isStudent: true,
        isEmployee: false,
      },
      projects: [s.projectId],
    })),
    ...all.map((e) => ({
      row: {
        code: e.code,
        firstName: e.firstName,
        prefix: e.prefix,
        lastName: e.lastName,
        isStudent: false,
        isEmployee: true,
      },
      projects: [...(employeeProjects.get(e.code) ?? [])],
    })),
  ];

  const employeeabsences = buildAbsences(org, rng, schoolYear, snapshotAt, mainContract, all);
  return {
    branches,
    branchesofschools,
    departmentsofbranches,
    groupindepartments,
    choosableindepartments,
    courses,
    contracts,
    employees,
    users,
    employeeabsences,
  };
}

function buildAbsences(
  org: Organisation,
  rng: Random,
  schoolYear: number,
  snapshotAt: number,
  mainContract: Map<string, number>,
  all: Employee[],
): StoredRow[] {
  const rows: StoredRow[] = [];
  const first = DateTime.fromISO(`${schoolYear}-08-24`, { zone: SCHOOL_ZONE });
  const days = Math.floor(DateTime.fromISO(`${schoolYear + 1}-07-09`, { zone: SCHOOL_ZONE }).diff(first, 'days').days);
  const snapshot = DateTime.fromSeconds(snapshotAt, { zone: SCHOOL_ZONE });
  const totalWeight = ABSENCE_TYPES.reduce((n, t) => n + t.weight, 0);
  const count = 300 * (all.length > 200 ? Math.round(all.length / 110) : 1);
  let id = 8000;
  for (let i = 0; i < count; i++) {
    let roll = rng.int(1, totalWeight);
    const kind = ABSENCE_TYPES.find((t) => (roll -= t.weight) <= 0)!;
    const employee = rng.pick(all);
    const contract = mainContract.get(employee.code);
    if (!contract) continue;
    let start = first.plus({ days: rng.int(0, days) }).set({ hour: 8, minute: 0 });
    // Sickness is only ever recorded once it happened.
    if (kind.type === 0 && start > snapshot)
      start = snapshot.minus({ days: rng.int(1, 60) }).set({ hour: 8, minute: 0 });
    if (start.weekday > 5) start = start.plus({ days: 8 - start.weekday });
    const length = rng.int(kind.days[0], kind.days[1]);
    // `length` counts calendar days; the hours below count only the school days among them.
    const halfDay = length === 1 && rng.chance(0.3);
    const end = halfDay
      ? start.set({ hour: 12, minute: 30 })
      : start.plus({ days: length - 1 }).set({ hour: 17, minute: 0 });
    const created = Math.min(
      start.minus({ days: kind.type === 0 ? 0 : rng.int(3, 30) }).toUnixInteger(),
      snapshotAt - rng.int(0, 86_400),
    );
    const past = end < snapshot;
    rows.push({
      row: {
        id: id++,
        contract,
        employee: employee.code,
        start: start.toUnixInteger(),
        end: end.toUnixInteger(),
        absenceType: kind.type,
        absenceTypeCode: kind.code,
        absenceTypePriority: kind.type === 0 ? 1 : 2,
        absenceDuration: halfDay ? 4 : schoolDays(start, end) * HOURS_PER_SCHOOL_DAY,
        absenceDurationManually: false,
        definitive: past,
        firstName: employee.firstName,
        prefix: employee.prefix,
        lastName: employee.lastName,
        created,
        lastModified: Math.min(created + rng.int(0, 5) * 86_400, snapshotAt),
        lastModifiedBy: 'adm',
        leave: null,
        linkedToStructuralLeave: kind.type === 4 || kind.type === 5,
        privateComment: null,
      },
      projects: [org.currentProjects.find((p) => p.branchCode === employee.branches[0])!.id],
    });
  }
  return rows;
}

/** A school day's hours of an absence (8:00–17:00 less the breaks); half days count 4. */
export const HOURS_PER_SCHOOL_DAY = 8;

/** Monday to Friday from start to end, both days counted. */
export function schoolDays(start: DateTime, end: DateTime): number {
  let n = 0;
  for (let d = start.startOf('day'); d <= end; d = d.plus({ days: 1 })) if (d.weekday <= 5) n++;
  return n;
}

/**
 * A contract's staffing figures: `lessonsToPlan` is the template's lessons a week for the teacher
 * in the project (the current year's count on the same branch for last year), with about one
 * teacher in six planned one to three lessons over or under what the timetable gives them; the
 * portal's own balances beside it.
 */
function contractFigures(
  planned: PlannedLessons,
  e: Employee,
  project: { id: number; schoolYear: number; branchCode: string },
  org: Organisation,
  fte: number,
  rng: Random,
) {
  const sameBranch = org.currentProjects.find((q) => q.branchCode === project.branchCode);
  // Lessons on a branch the teacher has no contract on (lent out) count on the main contract.
  const lent =
    e.branches[0] === project.branchCode
      ? org.currentProjects
          .filter((q) => !e.branches.includes(q.branchCode))
          .reduce((n, q) => n + (planned.get(`${e.code}|${q.id}`) ?? 0), 0)
      : 0;
  const inTimetable =
    (planned.get(`${e.code}|${project.id}`) ?? planned.get(`${e.code}|${sameBranch?.id}`) ?? 0) + lent;
  const teaches = e.subjects.length > 0;
  const shift = teaches && inTimetable > 0 && rng.chance(0.17) ? rng.pick([-3, -2, -1, 1, 2, 3]) : 0;
  const lessonsToPlan = teaches ? Math.max(0, inTimetable + shift) : 0;
  const lessonsMax = teaches ? Math.max(Math.round(fte * 25), lessonsToPlan + rng.int(0, 3)) : 0;
  return {
    lessonsToPlan,
    lessonsMax,
    lessonSpace: lessonsMax - lessonsToPlan,
    taskSpace: rng.int(-12, 40),
    clockHoursBalance: rng.int(-40, 40),
  };
}

/**
 * What the staffing plan expects per subject on a department: mostly the groups planned, some
 * subjects one group more (too few planned) or one fewer (too many), a few without an expectation,
 * and a few new teaching groups planned without a teacher yet (no lessons in the timetable).
 */
function addStaffingPlan(choosables: StoredRow[], courses: StoredRow[], rng: Random, firstCourseId: number) {
  let courseId = firstCourseId;
  const planned = new Map<unknown, number>();
  for (const { row } of courses)
    planned.set(row.choosableInDepartment, (planned.get(row.choosableInDepartment) ?? 0) + 1);
  for (const c of choosables) {
    const id = c.row.id;
    const now = planned.get(id) ?? 0;
    const roll = rng.next();
    if (roll < 0.04 && now > 0) {
      const like = courses.find((k) => k.row.choosableInDepartment === id)!;
      courses.push({
        row: {
          ...like.row,
          id: courseId++,
          groupName: `${String(like.row.departmentCode)}.${String(like.row.subjectCode)}N`,
          students: [],
          teachers: [],
        },
        projects: like.projects,
      });
      c.row.expectedGroupCount = now + 1;
    } else if (roll < 0.1) c.row.expectedGroupCount = now + 1;
    else if (roll < 0.15 && now > 0) c.row.expectedGroupCount = now - 1;
    else if (roll < 0.18) c.row.expectedGroupCount = null;
    else c.row.expectedGroupCount = now;
  }
}

/**
 * What the staffing plan expects for an elective: the students who chose it (in its clusters),
 * about one in eight a few students off, so the groups page has student gaps to show.
 */
function electiveExpectation(d: Department, code: string, rng: Random): number {
  const chosen = d.blocks
    .flat()
    .filter((cluster) => clusterSubject(cluster) === code)
    .reduce((n, cluster) => n + cluster.students.length, 0);
  return Math.max(0, chosen + (rng.chance(0.125) ? rng.pick([-8, -6, -4, 4, 6, 8]) : 0));
}
