'use client';

import { ownValue } from '@/lib/partner-api/records';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { usePartnerList } from '@/lib/api/partner.client';
import { listParams } from '@/lib/partner-api/list-params';
import { useEmployees } from '@/lib/staff/employees.client';
import { projectsFrom, usePageParams } from '@/lib/staff/page-params.client';
import { fieldColumns, fullName } from '@/lib/tables/columns';
import { ProjectSelect } from '@/components/ui/project-select';

export interface ContractsConfig {
  zone: string;
  today: string;
  contractFields: string[];
  employeeFields: string[] | null;
  projects: { id: number; label: string }[];
}

/** Contracts of the chosen projects, active on a date, joined with employee names. */
export function ContractsScreen({ config }: { config: ContractsConfig }) {
  const page = usePageParams();
  const projects = projectsFrom(page.get('project'));
  const activeOn = page.get('active') ?? config.today;
  const contracts = usePartnerList('contracts', listParams(config.contractFields, projects));
  const employees = useEmployees(config.employeeFields, projects);

  const rows = useMemo<TableRow[]>(() => {
    const all = contracts.data?.data ?? [];
    return all
      .filter(
        (c) =>
          activeOn === 'any' ||
          ((typeof c.start !== 'string' || c.start <= activeOn) && (typeof c.end !== 'string' || c.end >= activeOn)),
      )
      .map((c) => {
        const e = typeof c.employee === 'string' ? employees.byCode.get(c.employee) : undefined;
        return {
          ...c,
          _name: e?.name ?? (fullName(c.firstName, c.prefix, c.lastName) || null),
          _employeeNumber: e?.employeeNumber ?? c.employeeNumber ?? null,
          _email: e?.email ?? c.email ?? null,
        };
      });
  }, [contracts.data, employees.byCode, activeOn]);

  const columns = useMemo<TableColumn[]>(() => {
    const project = new Map(config.projects.map((p) => [p.id, p.label]));
    return [
      { id: '_name', label: 'Name', kind: 'text', value: (r) => r._name },
      { id: 'employee', label: 'Employee', kind: 'text', value: (r) => r.employee },
      { id: '_employeeNumber', label: 'Employee number', kind: 'text', value: (r) => r._employeeNumber },
      { id: '_email', label: 'Email', kind: 'text', value: (r) => r._email },
      { id: 'start', label: 'Start', kind: 'date', fieldType: 'date', value: (r) => r.start },
      { id: 'end', label: 'End', kind: 'date', fieldType: 'date', value: (r) => r.end },
      {
        id: 'schoolInSchoolYear',
        label: 'Project',
        kind: 'enum',
        value: (r) => project.get(r.schoolInSchoolYear as number) ?? r.schoolInSchoolYear,
      },
      ...fieldColumns('contracts', config.contractFields, ['employee', 'start', 'end', 'schoolInSchoolYear']).map(
        (c) => ({ ...c, value: (r: TableRow) => ownValue(r, c.id) }),
      ),
    ];
  }, [config.contractFields, config.projects]);

  return (
    <DataTable
      tableId="contracts"
      columns={columns}
      rows={rows}
      loading={contracts.isPending}
      error={contracts.error}
      onRetry={() => void contracts.refetch()}
      empty={
        activeOn === 'any'
          ? 'No contracts in the chosen projects.'
          : `No contract is active on ${activeOn} in the chosen projects.`
      }
      exportName={{ endpoint: 'contracts', project: projects.length === 1 ? String(projects[0]) : 'all' }}
      zone={config.zone}
      toolbar={
        <>
          <label className="flex items-center gap-1 text-sm">
            Active on
            <input
              type="date"
              className="rounded-md border border-surface-line px-2 py-1"
              value={activeOn === 'any' ? '' : activeOn}
              onChange={(e) => page.set({ active: e.target.value || 'any' })}
            />
          </label>
          <button type="button" className="btn" onClick={() => page.set({ active: activeOn === 'any' ? null : 'any' })}>
            {activeOn === 'any' ? 'Only active' : 'Any date'}
          </button>
          <ProjectSelect
            projects={config.projects}
            value={projects}
            onChange={(ids) => page.set({ project: ids.join(',') })}
          />
        </>
      }
    />
  );
}
