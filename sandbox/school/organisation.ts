import { localInstant } from './calendar';
import { NameSource } from './names';
import { Random } from './random';
import { lowerCurriculum, subjectByCode, upperCommon, upperElectives } from './subjects';
import type { Employee, Group, Project, Student } from './types';

// The school's organisation: two branches, a project per branch and year, departments, main and
// cluster groups, students, teachers with their subjects, and rooms. Everything from one seed.

export type Level = 'mavo' | 'havo' | 'vwo';

export interface Department {
  id: number;
  code: string;
  level: Level;
  year: number;
  upper: boolean;
  branchCode: string;
  project: Project;
  mainGroups: Group[];
  /** Upper years: option blocks, each a set of cluster groups taught at the same times. */
  blocks: Group[][];
}

export interface Branch {
  code: string;
  name: string;
  levels: { level: Level; years: number[] }[];
  rooms: number;
}

export const SCHOOL = { id: 4521, name: 'Rooster Sandbox College' };

export const branches: readonly Branch[] = [
  {
    code: 'hg',
    name: 'Hoofdgebouw',
    levels: [
      { level: 'havo', years: [1, 2, 3, 4, 5] },
      { level: 'vwo', years: [1, 2, 3, 4, 5, 6] },
    ],
    rooms: 52,
  },
  { code: 'nrd', name: 'Locatie Noord', levels: [{ level: 'mavo', years: [1, 2, 3, 4] }], rooms: 18 },
];

const UPPER_FROM: Record<Level, number> = { mavo: 3, havo: 4, vwo: 4 };
const LEVEL_LETTER: Record<Level, string> = { mavo: 'm', havo: 'h', vwo: 'v' };
const ELECTIVES_TAKEN: Record<Level, number> = { mavo: 5, havo: 6, vwo: 7 };

export interface Organisation {
  projects: Project[];
  currentProjects: Project[];
  departments: Department[];
  groups: Map<string, Group>;
  students: Map<string, Student>;
  employees: Map<string, Employee>;
  /** Teachers per subject code. */
  teachersBySubject: Map<string, Employee[]>;
  /** Support staff and management: no lessons. */
  staff: Employee[];
  rooms: Map<string, { name: string; branchCode: string; capacity: number }>;
  /** The one who taught (group, subject) all year: `${group}|${subject}` → teacher code. */
  teacherOf: Map<string, string>;
}

export function buildOrganisation(seed: number, scale: number, schoolYear: number): Organisation {
  const rng = new Random(seed).fork('organisation');
  const names = new NameSource(seed);
  const projects: Project[] = [];
  for (const [i, year] of [schoolYear - 1, schoolYear].entries()) {
    for (const [b, branch] of branches.entries()) {
      const id = 1000 + (year % 100) * 10 + b + 1;
      projects.push({
        id,
        schoolYear: year,
        branchCode: branch.code,
        branchOfSchool: 2000 + (year % 100) * 10 + b + 1,
        name: `${SCHOOL.name} - ${branch.name} ${year}-${year + 1}`,
      });
      void i;
    }
  }
  const currentProjects = projects.filter((p) => p.schoolYear === schoolYear);

  const groups = new Map<string, Group>();
  const students = new Map<string, Student>();
  const departments: Department[] = [];
  let groupId = 4000;
  let studentCode = 100_001;

  // Departments of both years; students and groups only for the current year.
  let departmentId = 3000;
  for (const project of projects) {
    const branch = branches.find((b) => b.code === project.branchCode)!;
    for (const { level, years } of branch.levels) {
      for (const year of years) {
        const upper = year >= UPPER_FROM[level];
        const dept: Department = {
          id: departmentId++,
          code: `${level}${year}`,
          level,
          year,
          upper,
          branchCode: branch.code,
          project,
          mainGroups: [],
          blocks: [],
        };
        departments.push(dept);
        if (project.schoolYear !== schoolYear) continue;
        // The main building takes four first-to-third-year classes a year, the rest three.
        const groupCount = (level !== 'mavo' && !upper ? 4 : 3) * scale;
        for (let g = 1; g <= groupCount; g++) {
          const name = `${year}${LEVEL_LETTER[level]}${g}`;
          const group: Group = {
            id: groupId++,
            name,
            extendedName: `${level} ${year} klas ${g}`,
            departmentOfBranch: dept.id,
            departmentCode: dept.code,
            yearOfEducation: year,
            isMainGroup: true,
            projectId: project.id,
            students: [],
          };
          const size = rng.int(22, 27);
          for (let s = 0; s < size; s++) {
            const code = String(studentCode++);
            students.set(code, { code, ...names.person(), mainGroup: name, clusterGroups: [], projectId: project.id });
            group.students.push(code);
          }
          groups.set(name, group);
          dept.mainGroups.push(group);
        }
        if (upper) buildBlocks(dept, rng, groups, students, () => groupId++);
      }
    }
  }

  // Teachers: enough per subject for the lessons it needs (about 22 a week each), then support staff.
  const demand = new Map<string, number>();
  const add = (subject: string, n: number) => demand.set(subject, (demand.get(subject) ?? 0) + n);
  for (const dept of departments.filter((d) => d.project.schoolYear === schoolYear)) {
    const perGroup = dept.upper ? upperCommon : lowerCurriculum;
    for (const [subject, hours] of Object.entries(perGroup)) add(subject, hours * dept.mainGroups.length);
    for (const block of dept.blocks) for (const cluster of block) add(clusterSubject(cluster), blockHours(dept.level));
  }
  const employees = new Map<string, Employee>();
  const teachersBySubject = new Map<string, Employee[]>();
  let employeeNumber = 20_001;
  const newEmployee = (subjects: string[], branchCodes: string[]): Employee => {
    const person = names.person();
    const code = names.employeeCode(person);
    const employee: Employee = {
      code,
      ...person,
      email: `${code}@rooster-sandbox.example`,
      employeeNumber: String(employeeNumber++),
      subjects,
      branches: branchCodes,
    };
    employees.set(code, employee);
    return employee;
  };
  for (const [subject, lessons] of [...demand.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (subject === 'men') continue; // mentors are teachers of other subjects
    const count = Math.max(1, Math.ceil(lessons / 22));
    const pool: Employee[] = [];
    for (let i = 0; i < count; i++) {
      const onBoth = rng.chance(0.15);
      pool.push(newEmployee([subject], onBoth ? ['hg', 'nrd'] : [rng.chance(0.72) ? 'hg' : 'nrd']));
    }
    teachersBySubject.set(subject, pool);
  }
  const staff: Employee[] = [];
  for (let i = 0; i < 8 * scale; i++) staff.push(newEmployee([], [rng.chance(0.7) ? 'hg' : 'nrd']));

  const rooms = new Map<string, { name: string; branchCode: string; capacity: number }>();
  for (const branch of branches) {
    const count = branch.rooms * scale;
    for (let r = 0; r < count; r++) {
      const floor = Math.floor(r / 14);
      const name =
        branch.code === 'hg'
          ? `${floor}${String((r % 14) + 1).padStart(2, '0')}`
          : `N${floor}${String((r % 14) + 1).padStart(2, '0')}`;
      rooms.set(name, { name, branchCode: branch.code, capacity: rng.pick([24, 28, 30, 32]) });
    }
    for (const special of ['gym1', 'gym2', 'aula'].map((s) => (branch.code === 'hg' ? s : `N-${s}`))) {
      rooms.set(special, { name: special, branchCode: branch.code, capacity: special.endsWith('aula') ? 300 : 60 });
    }
  }

  const teacherOf = assignTeachers(
    departments.filter((d) => d.project.schoolYear === schoolYear),
    teachersBySubject,
    rng,
  );
  return {
    projects,
    currentProjects,
    departments,
    groups,
    students,
    employees,
    teachersBySubject,
    staff,
    rooms,
    teacherOf,
  };
}

/** Cluster groups are named `<year><level>.<subject><block>`, e.g. `4h.wibB`. */
export function clusterSubject(group: Group): string {
  return group.name.split('.')[1]!.slice(0, -1);
}

export function blockHours(level: Level): number {
  return level === 'mavo' ? 4 : 3;
}

function buildBlocks(
  dept: Department,
  rng: Random,
  groups: Map<string, Group>,
  students: Map<string, Student>,
  nextId: () => number,
) {
  const members = dept.mainGroups.flatMap((g) => g.students);
  const electives = Object.keys(upperElectives[dept.level]);
  const blockCount = ELECTIVES_TAKEN[dept.level];
  const perBlock = Math.ceil(members.length / 12) + 1;
  let cursor = rng.int(0, electives.length - 1);
  for (let b = 0; b < blockCount; b++) {
    const letter = String.fromCharCode(65 + b);
    const block: Group[] = [];
    const used = new Set<string>();
    for (let c = 0; c < perBlock; c++) {
      let subject = electives[cursor++ % electives.length]!;
      if (used.has(subject)) subject = electives[cursor++ % electives.length]!;
      used.add(subject);
      const group: Group = {
        id: nextId(),
        name: `${dept.year}${LEVEL_LETTER[dept.level]}.${subject}${letter}`,
        extendedName: `${subjectByCode.get(subject)?.name ?? subject} ${dept.level} ${dept.year} blok ${letter}`,
        departmentOfBranch: dept.id,
        departmentCode: dept.code,
        yearOfEducation: dept.year,
        isMainGroup: false,
        projectId: dept.project.id,
        students: [],
      };
      groups.set(group.name, group);
      block.push(group);
    }
    // Every student follows one cluster of each block: no clashes by construction.
    for (const code of rng.shuffle(members)) {
      const cluster = block.reduce((a, g) => (g.students.length < a.students.length ? g : a));
      cluster.students.push(code);
      students.get(code)!.clusterGroups.push(cluster.name);
    }
    dept.blocks.push(block);
  }
}

/** One teacher per (group, subject) for the year, balancing load within each subject's pool. */
function assignTeachers(
  departments: Department[],
  teachersBySubject: Map<string, Employee[]>,
  rng: Random,
): Map<string, string> {
  const load = new Map<string, number>();
  const teacherOf = new Map<string, string>();
  const choose = (subject: string, branchCode: string): Employee => {
    const pool = teachersBySubject.get(subject) ?? [];
    const local = pool.filter((t) => t.branches.includes(branchCode));
    const candidates = local.length > 0 ? local : pool;
    return candidates.reduce(
      (best, t) => ((load.get(t.code) ?? 0) < (load.get(best.code) ?? 0) ? t : best),
      candidates[0]!,
    );
  };
  const allTeachers = [...teachersBySubject.values()].flat();
  for (const dept of departments) {
    const perGroup = dept.upper ? upperCommon : lowerCurriculum;
    for (const group of dept.mainGroups) {
      for (const [subject, hours] of Object.entries(perGroup)) {
        const teacher =
          subject === 'men'
            ? rng.pick(allTeachers.filter((t) => t.branches.includes(dept.branchCode)))
            : choose(subject, dept.branchCode);
        teacherOf.set(`${group.name}|${subject}`, teacher.code);
        load.set(teacher.code, (load.get(teacher.code) ?? 0) + hours);
      }
    }
    for (const block of dept.blocks) {
      for (const cluster of block) {
        const subject = clusterSubject(cluster);
        const teacher = choose(subject, dept.branchCode);
        teacherOf.set(`${cluster.name}|${subject}`, teacher.code);
        load.set(teacher.code, (load.get(teacher.code) ?? 0) + blockHours(dept.level));
      }
    }
  }
  return teacherOf;
}

/** When the timetable for the year was published: the base of generated `created` times. */
export function publishedAt(schoolYear: number): number {
  return localInstant(`${schoolYear}-07-03T15:00`);
}
