'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { usePartnerList } from '@/lib/api/partner.client';
import { listParams } from '@/lib/partner-api/list-params';
import { nameSortKey } from '@/lib/people/names';
import { useEmployees } from '@/lib/staff/employees.client';
import { projectsFrom, usePageParams } from '@/lib/staff/page-params.client';
import { fullName } from '@/lib/tables/columns';
import { ProjectSelect } from '@/components/ui/project-select';
import { contractColumns, NAME_SORT_KEY } from './columns';

export interface ContractsConfig {
  zone: string;
  today: string;
  contractFields: string[];
  employeeFields: string[] | null;
  projects: { id: number; label: string }[];
}

/** Contracts of the chosen projects, active on a date, joined with employee names. */
export function ContractsScreen({ config }: { config: ContractsConfig }) {
  const t = useTranslations('staff');
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
          [NAME_SORT_KEY]: e?.sortKey ?? nameSortKey(c),
          _employeeNumber: e?.employeeNumber ?? c.employeeNumber ?? null,
          _email: e?.email ?? c.email ?? null,
        };
      });
  }, [contracts.data, employees.byCode, activeOn]);

  const columns = useMemo<TableColumn[]>(
    () => contractColumns(t, config.contractFields, config.projects),
    [t, config.contractFields, config.projects],
  );

  return (
    <DataTable
      tableId="contracts"
      columns={columns}
      rows={rows}
      loading={contracts.isPending}
      error={contracts.error}
      onRetry={() => void contracts.refetch()}
      empty={activeOn === 'any' ? t('contracts.empty') : t('contracts.emptyOn', { date: activeOn })}
      exportName={{ endpoint: 'contracts', project: projects.length === 1 ? String(projects[0]) : 'all' }}
      zone={config.zone}
      toolbar={
        <>
          <label className="flex items-center gap-1 text-sm">
            {t('contracts.activeOn')}
            <input
              type="date"
              className="rounded-md border border-surface-line px-2 py-1"
              value={activeOn === 'any' ? '' : activeOn}
              onChange={(e) => page.set({ active: e.target.value || 'any' })}
            />
          </label>
          <button type="button" className="btn" onClick={() => page.set({ active: activeOn === 'any' ? null : 'any' })}>
            {activeOn === 'any' ? t('contracts.onlyActive') : t('contracts.anyDate')}
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
