'use client';

import type { useTranslations } from 'next-intl';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import type { Formats } from '@/lib/format/dates';
import { difference, missingFor, type Figure } from '@/lib/staffing/figures';
import type { StaffingMeta, TeacherLoad } from '@/lib/staffing/types';
import { byNameSortKey, NAME_SORT_KEY } from './columns';
import { FigureCell } from './figure-cell';

// The teacher load table's columns: each figure marked where the spec calls its field unsupported,
// "geen recht" where the rights lack it, and a link to what lies behind it.

export type LoadT = ReturnType<typeof useTranslations<'staff'>>;

export interface LoadLinks {
  /** The timetable week of a teacher (the range's first week). */
  week: (code: string) => string;
  contract: (code: string) => string;
  /** The teacher's absences in the week or range on /staff/absences. */
  absences: (code: string) => string;
  openLessons: (code: string, name: string, figure: 'cancelled' | 'cover') => void;
}

/** A row of the table: the record, its difference, and the name's Dutch sort key. */
export const loadRow = (load: TeacherLoad): TableRow => {
  const d = difference(load);
  return {
    ...load,
    _name: load.name,
    [NAME_SORT_KEY]: load.sortKey,
    _difference: d.value,
    _percent: d.percent,
    _balance: d.balance,
  };
};

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const signed = (n: number, f: Formats) => (n > 0 ? `+${f.count(n)}` : n < 0 ? `−${f.count(-n)}` : f.count(0));

export function loadColumns(
  t: LoadT,
  f: Formats,
  meta: StaffingMeta | undefined,
  links: LoadLinks,
  weeks: number,
): TableColumn[] {
  const figure = (
    id: Figure,
    opts: {
      unsupported?: boolean;
      hidden?: boolean;
      digits?: number;
      link?: (r: TableRow) => Partial<Parameters<typeof FigureCell>[0]>;
    } = {},
  ): TableColumn => ({
    id,
    label: t(`figures.${id}`),
    kind: 'number',
    unsupported: opts.unsupported,
    hiddenByDefault: opts.hidden,
    value: (r) => (typeof r[id] === 'number' ? round(r[id] as number, opts.digits ?? 1) : null),
    render: (r) => {
      const v = r[id];
      return (
        <FigureCell
          text={typeof v === 'number' ? f.count(round(v, opts.digits ?? 1)) : null}
          missing={missingFor(meta, id)}
          {...(typeof v === 'number' && opts.link ? opts.link(r) : {})}
        />
      );
    },
  });
  const contract = (r: TableRow) => ({
    href: links.contract(String(r.employee)),
    label: t('load.openContract', { name: String(r.name) }),
  });
  const lessons = (which: 'cancelled' | 'cover') => (r: TableRow) => ({
    onOpen: () => links.openLessons(String(r.employee), String(r.name), which),
    label: t('load.openLessons', { name: String(r.name), figure: which }),
  });
  const perWeek = (id: string, label: string, of: (r: TableRow) => unknown, sign = false): TableColumn => {
    const value = (r: TableRow) => (typeof of(r) === 'number' ? round((of(r) as number) / weeks, 1) : null);
    return {
      id,
      label,
      kind: 'number',
      value,
      // In the interface's number format (14,6 and −1,7 in Dutch), as every other figure.
      render: (r) => {
        const v = value(r);
        return v === null ? null : <span className="tabular-nums">{sign ? signed(v, f) : f.count(v)}</span>;
      },
    };
  };

  return [
    { id: '_name', label: t('figures.name'), kind: 'text', value: (r) => r._name, sortingFn: byNameSortKey },
    { id: 'employee', label: t('figures.employee'), kind: 'text', value: (r) => r.employee },
    figure('lessonsToPlan', { unsupported: true, link: contract }),
    figure('scheduled', {
      link: (r) => ({ href: links.week(String(r.employee)), label: t('load.openWeek', { name: String(r.name) }) }),
    }),
    {
      id: '_difference',
      label: t('figures.difference'),
      kind: 'number',
      value: (r) => r._difference,
      render: (r) => <DifferenceCell row={r} t={t} f={f} meta={meta} />,
    },
    {
      id: '_percent',
      label: t('figures.percent'),
      kind: 'number',
      value: (r) => (typeof r._percent === 'number' ? round(r._percent, 0) : null),
      render: (r) =>
        typeof r._percent === 'number' ? (
          <span className="tabular-nums">{signed(round(r._percent, 0), f)}%</span>
        ) : null,
    },
    ...(weeks > 1
      ? [
          perWeek('_avgToPlan', t('figures.avgToPlan'), (r) => r.lessonsToPlan),
          perWeek('_avgScheduled', t('figures.avgScheduled'), (r) => r.scheduled),
          perWeek('_avgDifference', t('figures.avgDifference'), (r) => r._difference, true),
        ]
      : []),
    figure('cancelled', { link: lessons('cancelled') }),
    figure('cover', { link: lessons('cover') }),
    figure('absenceHours', {
      unsupported: true,
      link: (r) => ({
        href: links.absences(String(r.employee)),
        label: t('load.openAbsences', { name: String(r.name) }),
      }),
    }),
    figure('lessonsMax', { unsupported: true, link: contract }),
    figure('fteNet', { unsupported: true, digits: 2, link: contract }),
    figure('clockHoursBalance', { unsupported: true, hidden: true, link: contract }),
    figure('lessonSpace', { unsupported: true, hidden: true, link: contract }),
    figure('taskSpace', { unsupported: true, hidden: true, link: contract }),
  ];
}

/** "+2 boven norm" / "−3 onder norm" / "op norm": colour and words, never colour alone. */
function DifferenceCell({ row, t, f, meta }: { row: TableRow; t: LoadT; f: Formats; meta: StaffingMeta | undefined }) {
  const value = row._difference;
  if (typeof value !== 'number')
    return <FigureCell text={null} missing={missingFor(meta, 'lessonsToPlan') ?? missingFor(meta, 'scheduled')} />;
  const text = signed(round(value, 1), f);
  if (row._balance === 'even') return <span className="text-ink-muted">{t('load.evenText')}</span>;
  const over = row._balance === 'over';
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums ${over ? 'bg-balance-over-bg text-balance-over' : 'bg-balance-under-bg text-balance-under'}`}
    >
      {over ? t('load.overText', { value: text }) : t('load.underText', { value: text })}
    </span>
  );
}
