import type { CatalogRecord } from '@/lib/partner-api/records';
import { isCluster, leerjaarOf } from '@/lib/lessons/groups';
import { list } from '@/lib/lessons/appointment';
import { normToDate, opleidingOfCode, type Opleiding } from './definitions';
import { groupHours, type StudentHours } from './hours';

// Onderwijstijd per klas (issue 48): a klas's students are those of the lessons given to the klas
// alone (`appointments.students`); its figures the mean over them, its lowest, how many are behind.

/** Where a klas's opleiding and leerjaar came from: its department as granted, or its code. */
export type Source = 'department' | 'code' | 'none';

export interface KlasDepartment {
  code: string | null;
  opleiding: Opleiding | null;
  yearOfEducation: number | null;
  source: Source;
}

export interface KlasRow {
  group: string;
  department: string | null;
  educationType: Opleiding | null;
  yearOfEducation: number | null;
  source: Source;
  students: number;
  programmedHours: number;
  realizedHours: number;
  expectedHours: number;
  cancelledHours: number;
  /** The norm's share this klas should have reached by now (mean programme), null without a norm. */
  normToDateHours: number | null;
  lowestStudentHours: number;
  belowNorm: number;
}

/** Each klas's students: those named on versions given to that klas alone. */
export function klasStudents(rows: Iterable<CatalogRecord<'appointments'>>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    const groups = list(r.groups);
    if (groups.length !== 1 || isCluster(groups[0]!) || !Array.isArray(r.students)) continue;
    const klas = groups[0]!;
    const set = out.get(klas) ?? out.set(klas, new Set()).get(klas)!;
    for (const s of list(r.students)) set.add(s);
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The klas rows, in the order a school lists them (leerjaar, then code). */
export function klasRows(
  hours: ReadonlyMap<string, StudentHours>,
  klassen: ReadonlyMap<string, ReadonlySet<string>>,
  departmentOf: (klas: string) => KlasDepartment,
): KlasRow[] {
  const rows: KlasRow[] = [];
  for (const [klas, codes] of klassen) {
    const students = [...codes].map((c) => hours.get(c)).filter((s): s is StudentHours => s !== undefined);
    const dept = departmentOf(klas);
    const figures = groupHours(students, dept.opleiding);
    rows.push({
      group: klas,
      department: dept.code,
      educationType: dept.opleiding,
      yearOfEducation: dept.yearOfEducation,
      source: dept.source,
      students: figures.students,
      programmedHours: round(figures.programmed),
      realizedHours: round(figures.realised),
      expectedHours: round(figures.expected),
      cancelledHours: round(figures.cancelled),
      normToDateHours:
        dept.opleiding === null
          ? null
          : round(
              normToDate(
                dept.opleiding,
                mean(students, (s) => s.programmedToDate),
                figures.programmed,
              ),
            ),
      lowestStudentHours: round(figures.lowestRealised),
      belowNorm: figures.belowNorm,
    });
  }
  const year = (r: KlasRow) => r.yearOfEducation ?? leerjaarOf(r.group) ?? 9;
  return rows.sort((a, b) => year(a) - year(b) || a.group.localeCompare(b.group, 'nl', { numeric: true }));
}

const mean = (xs: readonly StudentHours[], pick: (s: StudentHours) => number) =>
  xs.length === 0 ? 0 : xs.reduce((a, s) => a + pick(s), 0) / xs.length;

/** A klas's department from the portal's groups and departments; else nothing said (the page names it). */
export function departmentsOf(
  groups: readonly { name?: unknown; departmentOfBranch?: unknown }[],
  departments: readonly { id?: unknown; code?: unknown; yearOfEducation?: unknown; educationType?: unknown }[],
): (klas: string) => KlasDepartment {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const byName = new Map(groups.map((g) => [g.name, byId.get(g.departmentOfBranch)]));
  return (klas) => {
    const d = byName.get(klas);
    const code = typeof d?.code === 'string' && d.code ? d.code : null;
    if (!d || !code) return { code: null, opleiding: null, yearOfEducation: leerjaarOf(klas), source: 'none' };
    const told = typeof d.educationType === 'string' ? opleidingOfCode(d.educationType) : null;
    return {
      code,
      opleiding: told ?? opleidingOfCode(code),
      yearOfEducation: typeof d.yearOfEducation === 'number' ? d.yearOfEducation : leerjaarOf(klas),
      source: told ? 'department' : 'code',
    };
  };
}
