'use client';

import { DateField } from '@/components/ui/date-field';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { usePartnerList } from '@/lib/api/partner.client';
import { listParams } from '@/lib/partner-api/list-params';
import { displayName, nameSortKey } from '@/lib/people/names';
import { useEmployees } from '@/lib/staffing/employees.client';
import { usePageParams } from '@/lib/browser/page-params.client';
import { projectsFrom } from '@/lib/staffing/scope';
import { ProjectSelect } from '@/components/ui/project-select';
import { useFormats } from '@/lib/format/use-formats.client';
import type { FieldColumn } from '@/lib/data-table/columns';
import { contractColumns } from './contract-columns';
import { NAME_SORT_KEY } from './columns';

export interface ContractsConfig {
  zone: string;
  today: string;
  contractFields: string[];
  /** `contractFields` as columns (from the catalogue, on the server). */
  contractColumns: FieldColumn[];
  employeeFields: string[] | null;
  projects: { id: number; label: string }[];
}

/** Contracts of the chosen projects, active on a date, joined with employee names. */
export function ContractsScreen({ config }: { config: ContractsConfig }) {
  const t = useTranslations('staffing');
  const f = useFormats();
  const page = usePageParams();
  const projects = projectsFrom(page.get('project'));
  const activeOn = page.get('active') ?? config.today;
  // One person's contracts (a figure of the load table opens them): their sum said above the table.
  const employee = page.get('employee');
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
      .filter((c) => employee === null || c.employee === employee)
      .map((c) => {
        const e = typeof c.employee === 'string' ? employees.byCode.get(c.employee) : undefined;
        return {
          ...c,
          _name: e?.name ?? (displayName(c) || null),
          [NAME_SORT_KEY]: e?.sortKey ?? nameSortKey(c),
          _employeeNumber: e?.employeeNumber ?? c.employeeNumber ?? null,
          _email: e?.email ?? c.email ?? null,
        };
      });
  }, [contracts.data, employees.byCode, activeOn, employee]);

  const columns = useMemo<TableColumn[]>(
    () => contractColumns(t, config.contractColumns, config.projects, f),
    [t, config.contractColumns, config.projects, f],
  );

  return (
    <div className="space-y-3">
      {employee !== null && !contracts.isPending ? (
        <ContractSum employee={employee} rows={rows} activeOn={activeOn} onAll={() => page.set({ employee: null })} />
      ) : null}
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
            <DateField
              label={t('contracts.activeOn')}
              value={activeOn === 'any' ? '' : activeOn}
              onChange={(d) => page.set({ active: d || 'any' })}
            />
            <Button onClick={() => page.set({ active: activeOn === 'any' ? null : 'any' })}>
              {activeOn === 'any' ? t('contracts.onlyActive') : t('contracts.anyDate')}
            </Button>
            <ProjectSelect
              projects={config.projects}
              value={projects}
              onChange={(ids) => page.set({ project: ids.join(',') })}
            />
          </>
        }
      />
    </div>
  );
}

/** One person's contracts summed: the fte and lessons the load table shows for them. */
function ContractSum({
  employee,
  rows,
  activeOn,
  onAll,
}: {
  employee: string;
  rows: TableRow[];
  activeOn: string;
  onAll: () => void;
}) {
  const t = useTranslations('staffing.contracts');
  const f = useFormats();
  const sum = (field: string) =>
    Math.round(rows.reduce((n, r) => n + (typeof r[field] === 'number' ? (r[field] as number) : 0), 0) * 100) / 100;
  const date = activeOn === 'any' ? activeOn : f.longDate(activeOn);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="contract-sum" role="status">
      <span>
        {rows.length === 0
          ? t('employeeSumNone', { employee, date })
          : t('employeeSum', {
              employee,
              count: rows.length,
              date,
              fte: f.count(sum('fteNet')),
              toPlan: f.count(sum('lessonsToPlan')),
              max: f.count(sum('lessonsMax')),
            })}
      </span>
      <Button onClick={onAll}>{t('allEmployees')}</Button>
    </p>
  );
}
