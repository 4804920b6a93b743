'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { costTotals, type CostTotals } from '@/lib/staffing/absence-costs';
import { useAbsenceCosts } from '@/lib/staffing/api.client';
import type { AbsenceCost, LessonFate } from '@/lib/staffing/types';
import { useFormats } from '@/lib/format/use-formats.client';
import { byNameSortKey, figureColumn, NAME_SORT_KEY } from './columns';
import { QueryTable } from './query-table';
import { RangeProgress, StaffingNotes } from './staffing-notes';

const FATES: LessonFate[] = ['cancelled', 'covered', 'removed', 'open', 'unarranged'];
const round1 = (n: number) => Math.round(n * 10) / 10;

/** What the absences of a range cost: per absence its lessons and their fate, totals per type and person. */
export function AbsenceCosts({
  from,
  to,
  projects,
  zone,
  typeName,
}: {
  from: string;
  to: string;
  projects: number[];
  zone: string;
  /** The absence type as the page names it (the portal's code, or "soort 2"). */
  typeName: (cost: AbsenceCost) => string;
}) {
  const t = useTranslations('staffing');
  const f = useFormats();
  const costs = useAbsenceCosts({ projects, from, to }, true);
  const data = costs.data?.data;
  const perAbsence = useMemo<TableRow[]>(
    () =>
      (data ?? []).map((c) => ({
        ...c,
        _name: c.name,
        [NAME_SORT_KEY]: c.sortKey,
        _type: typeName(c),
        _lessons: c.lessons.length,
        ...Object.fromEntries(FATES.map((k) => [`_${k}`, c.lessons.filter((l) => l.fate === k).length])),
        _lessonsLost: c.lessonsLost,
        _coveredBy: [...new Set(c.lessons.flatMap((l) => l.by))].join(', '),
        hours: c.hours === null ? null : round1(c.hours),
        hoursLost: round1(c.hoursLost),
        _overlaps: c.overlaps.length > 0,
      })),
    [data, typeName],
  );
  const perType = useMemo(() => totalsRows(costTotals(data ?? [], typeName)), [data, typeName]);
  const perPerson = useMemo(
    () => totalsRows(costTotals(data ?? [], (c) => (c.name ? `${c.name} (${c.employee})` : c.employee))),
    [data],
  );

  // Every figure in the interface's number format (14,5 and 2.160 in Dutch), as the rest of the app.
  const n = (id: string, label: string, opts: Partial<TableColumn> = {}): TableColumn =>
    figureColumn(id, label, f, opts);
  const counts = (prefix: string): TableColumn[] => [
    n(`${prefix}lessons`, t('figures.lessons')),
    ...FATES.map((k) => n(`${prefix}${k}`, t(`figures.${k}`))),
    n(`${prefix}lessonsLost`, t('figures.lessonsLost')),
    n('hoursLost', t('figures.hoursLost')),
  ];
  const absenceColumns: TableColumn[] = [
    { id: '_name', label: t('figures.name'), kind: 'text', value: (r) => r._name, sortingFn: byNameSortKey },
    { id: 'employee', label: t('figures.employee'), kind: 'text', value: (r) => r.employee },
    { id: '_type', label: t('figures.type'), kind: 'enum', value: (r) => r._type },
    { id: 'start', label: t('figures.start'), kind: 'date', fieldType: 'timestamp', value: (r) => r.start },
    { id: 'end', label: t('figures.end'), kind: 'date', fieldType: 'timestamp', value: (r) => r.end },
    n('hours', t('figures.hours'), {
      unsupported: true,
      render: (r) => (
        <span className="whitespace-nowrap tabular-nums">
          {r.hours === null ? '—' : f.count(r.hours as number)}
          {r._overlaps ? <span className="ml-1 text-xs text-ink-muted">{t('costs.overlapMark')}</span> : null}
        </span>
      ),
    }),
    ...counts('_'),
    { id: '_coveredBy', label: t('figures.coveredBy'), kind: 'text', value: (r) => r._coveredBy },
  ];
  const totalColumns = (first: string): TableColumn[] => [
    { id: 'key', label: first, kind: 'text', value: (r) => r.key },
    n('absences', t('figures.absences')),
    n('hours', t('figures.hours'), { unsupported: true }),
    ...counts(''),
  ];
  const total = useMemo(() => (data && data.length > 0 ? costTotals(data, () => '')[0]! : null), [data]);
  const lessonsMissing = costs.data?.meta.missing.some((m) => m.endpoint === 'appointments');
  const table = (id: string, prefix: string, columns: TableColumn[], rows: TableRow[], file: string) => (
    <QueryTable
      query={costs}
      tableId={id}
      urlPrefix={prefix}
      columns={columns}
      rows={rows}
      empty={t('costs.empty')}
      exportName={{ endpoint: `${file}-${from}-${to}`, project: projects.length === 1 ? String(projects[0]) : 'all' }}
      zone={zone}
    />
  );

  return (
    <section aria-labelledby="costs-title" className="space-y-3" data-testid="absence-costs">
      <h2 id="costs-title" className="text-lg font-semibold">
        {t('costs.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('costs.intro')}</p>
      <RangeProgress fetching={costs.isFetching} progress={costs.progress} />
      <StaffingNotes meta={costs.data?.meta} assumptions={[t('costs.assumptions')]} source={t('costs.source')} />
      {lessonsMissing ? <p className="text-sm">{t('costs.noLessonsRight')}</p> : null}
      {total ? <CostTotal total={total} /> : null}
      <h3 className="font-semibold">{t('costs.perType')}</h3>
      {table('absence-cost-types', 'ct.', totalColumns(t('figures.type')), perType, 'afwezigheid-per-soort')}
      <h3 className="font-semibold">{t('costs.perPerson')}</h3>
      {table('absence-cost-people', 'cp.', totalColumns(t('figures.name')), perPerson, 'afwezigheid-per-persoon')}
      <h3 className="font-semibold">{t('costs.perAbsence')}</h3>
      {table('absence-costs', 'ca.', absenceColumns, perAbsence, 'afwezigheid-kosten')}
    </section>
  );
}

/** The range's total: every figure of the tables below summed, each absence's share once. */
function CostTotal({ total }: { total: CostTotals }) {
  const t = useTranslations('staffing');
  const f = useFormats();
  const cells: [string, number | null][] = [
    [t('figures.absences'), total.absences],
    [t('figures.hours'), total.hours === null ? null : round1(total.hours)],
    [t('figures.lessons'), total.lessons],
    ...FATES.map((k): [string, number] => [t(`figures.${k}`), total[k]]),
    [t('figures.lessonsLost'), total.lessonsLost],
    [t('figures.hoursLost'), round1(total.hoursLost)],
  ];
  // In a box of its own: on a phone the row is wider than the screen, and the page must not scroll sideways.
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="text-sm" data-testid="absence-total">
        <caption className="sr-only">{t('costs.total')}</caption>
        <thead>
          <tr className="text-left text-xs text-ink-muted">
            <th className="pr-4 font-medium">{t('costs.total')}</th>
            {cells.map(([label]) => (
              <th key={label} className="pr-4 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="font-semibold tabular-nums">
            <td className="pr-4" />
            {cells.map(([label, v]) => (
              <td key={label} className="pr-4">
                {v === null ? '—' : f.count(v)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

const totalsRows = (totals: CostTotals[]): TableRow[] =>
  totals.map((x) => ({ ...x, hours: x.hours === null ? null : round1(x.hours), hoursLost: round1(x.hoursLost) }));
