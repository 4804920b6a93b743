'use client';

import { usePartnerList } from '@/lib/api/partner.client';
import type { PageAnswer, ProxyList } from '@/lib/api/contract';
import type { RecordOf } from '@/lib/partner-api/records';
import { employeeListParams } from './list-reads';
import { displayName, nameSortKey } from '@/lib/people/names';

export interface EmployeeInfo {
  /** "Alisa de Bruijn", as lists show it. */
  name: string;
  /** What the name sorts by: surname without prefix first (nameSortKey), so `de Bruijn` sorts under B. */
  sortKey: string;
  employeeNumber: string | null;
  email: string | null;
}

const NO_PARAMS = new URLSearchParams();

/** Employees by userCode, for joining names onto contracts and absences (when /employees is granted). */
export function useEmployees(
  readFields: readonly string[] | null,
  projects: number[],
  first?: PageAnswer<ProxyList<RecordOf<'employees'>>> | null,
) {
  const params = employeeListParams(readFields, projects);
  const query = usePartnerList('employees', params ?? NO_PARAMS, params !== null, first);
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
