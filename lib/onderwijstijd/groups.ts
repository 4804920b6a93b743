import { leerjaarOf } from '@/lib/lessons/groups';
import { DEFAULT_CODE_RULES, opleidingOfCode, type CodeRule, type Opleiding } from './definitions';

// A klas's opleiding and leerjaar (issue 48): from its department as the portal gives it
// (`groupindepartments` → `departmentsofbranches`: `educationType` where told, else the
// department's code by the school's rules), the leerjaar from `yearOfEducation` or the klas's code.

/** Where a klas's opleiding came from: its department's type as told, its department's code, or nowhere. */
export type Source = 'department' | 'code' | 'none';

export interface KlasDepartment {
  code: string | null;
  opleiding: Opleiding | null;
  yearOfEducation: number | null;
  source: Source;
}

/** A klas's department from the portal's groups and departments; else nothing said (the page names it). */
export function departmentsOf(
  groups: readonly { name?: unknown; departmentOfBranch?: unknown }[],
  departments: readonly { id?: unknown; code?: unknown; yearOfEducation?: unknown; educationType?: unknown }[],
  rules: readonly CodeRule[] = DEFAULT_CODE_RULES,
): (klas: string) => KlasDepartment {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const byName = new Map(groups.map((g) => [g.name, byId.get(g.departmentOfBranch)]));
  return (klas) => {
    const d = byName.get(klas);
    const code = typeof d?.code === 'string' && d.code ? d.code : null;
    if (!d || !code) return { code: null, opleiding: null, yearOfEducation: leerjaarOf(klas), source: 'none' };
    const told = typeof d.educationType === 'string' ? opleidingOfCode(d.educationType, rules) : null;
    const byCode = opleidingOfCode(code, rules);
    return {
      code,
      opleiding: told ?? byCode,
      yearOfEducation: typeof d.yearOfEducation === 'number' ? d.yearOfEducation : leerjaarOf(klas),
      source: told ? 'department' : byCode ? 'code' : 'none',
    };
  };
}
