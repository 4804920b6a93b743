import { schoolYear as buildSchoolYear } from './calendar';
import type { Organisation } from './organisation';
import { publishedAt } from './organisation';
import type { IdSource } from './rows';
import type { TemplateLesson } from './template';
import type { Row, StoredRow } from './types';
import { generateWeek } from './weeks';

// The school year before this one (issue 48: onderwijstijd cumulative over the opleiding). A real
// portal keeps its earlier years; the sandbox makes one by aging this year's school back a year:
// every klas a leerjaar lower with the same students (a cohort moves up together), its lessons
// this year's template at last year's dates, in last year's projects and departments. This year's
// first-years were not at the school yet, so their lessons are left out; last year's leavers are
// not in this portal's students, so there are none of theirs.

/** A group's name a year earlier: its leading leerjaar one lower ("2h1" → "1h1", "5h.bio1" → "4h.bio1"). */
export const agedName = (name: string): string | null => {
  const m = /^(\d)(.*)$/.exec(name);
  return m && Number(m[1]) > 1 ? `${Number(m[1]) - 1}${m[2]}` : null;
};

export interface EarlierYear {
  rows: Row[];
  /** The earlier year's groups (`groupindepartments`), in its projects. */
  groups: StoredRow[];
}

export function earlierYear(
  org: Organisation,
  template: readonly TemplateLesson[],
  seed: number,
  ids: IdSource,
  snapshotAt: number,
): EarlierYear {
  const current = org.currentProjects[0]!.schoolYear;
  const year = current - 1;
  const projectOf = new Map(org.projects.filter((p) => p.schoolYear === year).map((p) => [p.branchCode, p] as const));
  /** This year's department → last year's of the same branch and level, one leerjaar lower. */
  const departmentOf = new Map<number, (typeof org.departments)[number]>();
  for (const d of org.departments.filter((d) => d.project.schoolYear === current)) {
    const earlier = org.departments.find(
      (e) =>
        e.project.schoolYear === year && e.branchCode === d.branchCode && e.level === d.level && e.year === d.year - 1,
    );
    if (earlier) departmentOf.set(d.id, earlier);
  }
  const groups: StoredRow[] = [];
  const groupId = new Map<string, number>();
  let nextGroupId = 90_000;
  for (const g of org.groups.values()) {
    const name = agedName(g.name);
    const dept = departmentOf.get(g.departmentOfBranch);
    if (!name || !dept) continue;
    groupId.set(name, nextGroupId);
    groups.push({
      row: {
        id: nextGroupId++,
        departmentOfBranch: dept.id,
        name,
        extendedName: g.extendedName.replace(` ${g.yearOfEducation} `, ` ${g.yearOfEducation - 1} `),
        yearOfEducation: g.yearOfEducation - 1,
        isMainGroup: g.isMainGroup,
      },
      projects: [dept.project.id],
    });
  }

  const codeOf = new Map(
    org.departments.filter((d) => departmentOf.has(d.id)).map((d) => [d.code, departmentOf.get(d.id)!.code] as const),
  );
  const ctx = { org, template, year: buildSchoolYear(year), ids, publishedAt: publishedAt(year), snapshotAt, seed };
  const rows: Row[] = [];
  for (const week of ctx.year.weeks)
    for (const row of generateWeek(ctx, week)) {
      const aged = agedRow(row, { projectOf, departmentOf, codeOf, groupId });
      if (aged) rows.push(aged);
    }
  return { rows, groups };
}

/** A row of this year's school made last year's, or null where it is a first-year's. */
function agedRow(
  row: Row,
  at: {
    projectOf: Map<string, { branchOfSchool: number }>;
    departmentOf: Map<number, { id: number; code: string }>;
    codeOf: Map<string, string>;
    groupId: Map<string, number>;
  },
): Row | null {
  const groups = (row.groups as string[]).map(agedName);
  const departments = (row.departmentsOfBranches as number[]).map((d) => at.departmentOf.get(d));
  const project = at.projectOf.get(row.branch as string);
  if (!project || groups.some((g) => g === null) || departments.some((d) => d === undefined)) return null;
  const named = groups as string[];
  return {
    ...row,
    groups: named,
    groupsInDepartments: named.map((g) => at.groupId.get(g)).filter((id): id is number => id !== undefined),
    branchOfSchool: project.branchOfSchool,
    departmentsOfBranches: departments.map((d) => d!.id),
    // "havo2.ne" → "havo1.ne": the subject in last year's department.
    choosableInDepartmentCodes: (row.choosableInDepartmentCodes as string[]).map((c) => {
      const dot = c.indexOf('.');
      const code = at.codeOf.get(c.slice(0, dot));
      return code ? code + c.slice(dot) : c;
    }),
  };
}
