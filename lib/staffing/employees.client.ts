'use client';

import { usePartnerList } from '@/lib/api/partner.client';
import { listParams } from '@/lib/partner-api/list-params';
import { displayName, nameSortKey } from '@/lib/people/names';

export interface EmployeeInfo {
  /** "Alisa de Bruijn", as lists show it. */
  name: string;
  /** What the name sorts by: surname without prefix first (nameSortKey), so `de Bruijn` sorts under B. */
  sortKey: string;
  employeeNumber: string | null;
  email: string | null;
}

const WANTED = ['userCode', 'firstName', 'prefix', 'lastName', 'employeeNumber', 'email'];

/** Employees by userCode, for joining names onto contracts and absences (when /employees is granted). */
export function useEmployees(readFields: readonly string[] | null, projects: number[]) {
  const fields = WANTED.filter((f) => readFields?.includes(f));
  const query = usePartnerList('employees', listParams(fields, projects), Boolean(readFields?.includes('userCode')));
  const byCode = new Map<string, EmployeeInfo>();
  for (const e of query.data?.data ?? []) {
    if (typeof e.userCode !== 'string') continue;
    byCode.set(e.userCode, {
      name: displayName(e),
      sortKey: nameSortKey(e),
      employeeNumber: typeof e.employeeNumber === 'string' ? e.employeeNumber : null,
      email: typeof e.email === 'string' ? e.email : null,
    });
  }
  return { byCode, query };
}
