'use client';

import { DateField } from '@/components/ui/date-field';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { usePartnerList } from '@/lib/api/partner.client';
import { dayEnd, dayStart, plusDays } from '@/lib/partner-api/calendar';
import { useFormats } from '@/lib/format/use-formats.client';
import { displayName, nameSortKey } from '@/lib/people/names';
import { useEmployees } from '@/lib/staffing/employees.client';
import { absenceListParams, absenceRange, placingNeeds, rangeAtPortal } from '@/lib/staffing/list-reads';
import type { PageAnswer, ProxyList } from '@/lib/api/contract';
import type { RecordOf } from '@/lib/partner-api/records';
import { useAbsenceTypeName } from '@/lib/staffing/use-absence-type.client';
import { usePageParams } from '@/lib/browser/page-params.client';
import { projectsFrom } from '@/lib/staffing/scope';
import { ProjectSelect } from '@/components/ui/project-select';
import { AbsenceCosts } from './absence-costs';
import type { FieldColumn } from '@/lib/data-table/columns';
import { absenceColumns } from './absence-columns';
import { NAME_SORT_KEY } from './columns';
import { cardClass } from '@/components/ui/card';

export interface AbsencesConfig {
  zone: string;
  /** Monday and Sunday of this week (ISO dates). */
  thisWeek: { from: string; to: string };
  absenceFields: string[];
  /** `absenceFields` as columns (from the catalogue, on the server). */
  absenceColumns: FieldColumn[];
  absenceFilters: string[];
  employeeFields: string[] | null;
  projects: { id: number; label: string }[];
}

/** The lists the page came with, read on the server (in the page's HTML), each null if not in time. */
export interface AbsencesFirst {
  absences: PageAnswer<ProxyList<RecordOf<'employeeabsences'>>> | null;
  employees: PageAnswer<ProxyList<RecordOf<'employees'>>> | null;
}

/**
 * Absences in a date range, with names, duration, type and counts per type; where the rights cannot
 * place an absence in the days, what they lack (nothing is read: the year's list is not the week's).
 */
export function AbsencesScreen({ config, first }: { config: AbsencesConfig; first?: AbsencesFirst }) {
  const t = useTranslations('staffing');
  const missing = placingNeeds({ readFields: config.absenceFields, filterFields: config.absenceFilters });
  if (missing.length > 0)
    return (
      <p role="status" className={cardClass('default', 'text-sm')} data-testid="absences-unplaceable">
        {t('absences.cannotPlace', { fields: missing.join(', ') })}
      </p>
    );
  return <AbsencesInRange config={config} first={first} />;
}

function AbsencesInRange({ config, first }: { config: AbsencesConfig; first?: AbsencesFirst }) {
  const t = useTranslations('staffing');
  const { count } = useFormats();
  const page = usePageParams();
  const projects = projectsFrom(page.get('project'));
  const { from, to } = absenceRange(config.thisWeek, { from: page.get('from'), to: page.get('to') });
  const rights = { readFields: config.absenceFields, filterFields: config.absenceFilters };
  const upstreamRange = rangeAtPortal(rights);

  const absences = usePartnerList(
    'employeeabsences',
    absenceListParams(rights, projects, { from, to }),
    true,
    first?.absences,
  );
  const employees = useEmployees(config.employeeFields, projects, first?.employees);

  const typeName = useAbsenceTypeName();

  const rows = useMemo<TableRow[]>(() => {
    const start = dayStart(from, config.zone);
    const end = dayEnd(to, config.zone);
    return (absences.data?.data ?? [])
      .filter(
        (a) =>
          upstreamRange ||
          typeof a.start !== 'number' ||
          typeof a.end !== 'number' ||
          (a.end >= start && a.start < end),
      )
      .map((a) => {
        const e = typeof a.employee === 'string' ? employees.byCode.get(a.employee) : undefined;
        return {
          ...a,
          _name: e?.name || displayName(a) || null,
          [NAME_SORT_KEY]: e?.name ? e.sortKey : nameSortKey(a),
          _type: typeName({ typeCode: a.absenceTypeCode as string | undefined, type: a.absenceType as number | null }),
        };
      });
  }, [absences.data, employees.byCode, from, to, upstreamRange, config.zone, typeName]);

  const counts = useMemo(() => {
    const unknown = t('absences.unknownType');
    const byType = new Map<string, number>();
    for (const r of rows) byType.set(String(r._type ?? unknown), (byType.get(String(r._type ?? unknown)) ?? 0) + 1);
    return [...byType.entries()].sort((a, b) => b[1] - a[1]);
  }, [rows, t]);

  const columns = useMemo<TableColumn[]>(() => absenceColumns(t, config.absenceColumns), [t, config.absenceColumns]);

  const nextWeek = {
    from: plusDays(config.thisWeek.from, 7),
    to: plusDays(config.thisWeek.to, 7),
  };
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('absences.perType')} data-testid="absence-counts">
        {counts.map(([type, n]) => (
          <li key={type} className="rounded-full border border-surface-line bg-surface px-3 py-0.5">
            {type} <strong>{count(n)}</strong>
          </li>
        ))}
      </ul>
      <DataTable
        tableId="absences"
        columns={columns}
        rows={rows}
        loading={absences.isPending}
        error={absences.error}
        onRetry={() => void absences.refetch()}
        empty={t('absences.empty', { from, to })}
        exportName={{ endpoint: 'employeeabsences', project: projects.length === 1 ? String(projects[0]) : 'all' }}
        zone={config.zone}
        toolbar={
          <>
            <DateField label={t('absences.from')} value={from} onChange={(d) => d && page.set({ from: d })} />
            <DateField label={t('absences.to')} value={to} onChange={(d) => d && page.set({ to: d })} />
            <Button onClick={() => page.set({ from: null, to: null })}>{t('absences.thisWeek')}</Button>
            <Button onClick={() => page.set(nextWeek)}>{t('absences.nextWeek')}</Button>
            <ProjectSelect
              projects={config.projects}
              value={projects}
              onChange={(ids) => page.set({ project: ids.join(',') })}
            />
          </>
        }
      />
      {!upstreamRange ? <p className="text-xs text-ink-muted">{t('absences.noRangeFilter')}</p> : null}
      <AbsenceCosts from={from} to={to} projects={projects} zone={config.zone} typeName={typeName} />
    </div>
  );
}
