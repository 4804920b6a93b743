'use client';

import type { useTranslations } from 'next-intl';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import type { Formats } from '@/lib/format/dates';
import { difference, missingFor, type Figure } from '@/lib/staffing/figures';
import type { StaffingMeta } from '@/lib/staffing/types';
import type { LessonFigure, TeacherLoad } from '@/lib/lessons/load-figures';
import { byNameSortKey, NAME_SORT_KEY } from './columns';
import { FigureCell } from './figure-cell';

// The teacher load table's columns: each figure marked where the spec calls its field unsupported,
// "geen recht" where the rights lack it, and a link to what lies behind it.

export type LoadT = ReturnType<typeof useTranslations<'staffing'>>;

export interface LoadLinks {
  /** The timetable week of a teacher (the range's first week). */
  week: (code: string) => string;
  /** The teacher's contracts active in the week or range, with their sum. */
  contract: (code: string) => string;
  /** The teacher's absences in the week or range on /staff/absences. */
  absences: (code: string) => string;
  openLessons: (code: string, name: string, figure: LessonFigure) => void;
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
  const lessons = (which: LessonFigure) => (r: TableRow) => ({
    onOpen: () => links.openLessons(String(r.employee), String(r.name), which),
    label: t('load.openLessons', { name: String(r.name), figure: which }),
  });
  const week = (r: TableRow) => ({
    href: links.week(String(r.employee)),
    label: t('load.openWeek', { name: String(r.name) }),
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
        return v === null ? (
          <span className="text-ink-faint">—</span>
        ) : (
          <span className="tabular-nums">{sign ? signed(v, f) : f.count(v)}</span>
        );
      },
    };
  };

  return [
    { id: '_name', label: t('figures.name'), kind: 'text', value: (r) => r._name, sortingFn: byNameSortKey },
    { id: 'employee', label: t('figures.employee'), kind: 'text', value: (r) => r.employee },
    figure('lessonsToPlan', { unsupported: true, link: contract }),
    figure('planned', { link: week }),
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
          perWeek('_avgPlanned', t('figures.avgPlanned'), (r) => r.planned),
          perWeek('_avgDifference', t('figures.avgDifference'), (r) => r._difference, true),
        ]
      : []),
    // The week's incidents beside the contract gap: planned − cancelled − taken over + cover = given.
    figure('cancelled', { link: lessons('cancelled') }),
    figure('takenOver', { link: lessons('takenOver') }),
    figure('cover', { link: lessons('cover') }),
    figure('given', { link: week }),
    figure('absenceHours', {
      unsupported: true,
      link: (r) => ({
        href: links.absences(String(r.employee)),
        label: t('load.openAbsences', { name: String(r.name) }),
      }),
    }),
    figure('lessonsMax', { unsupported: true, link: contract }),
    {
      ...figure('fteNet', { unsupported: true, digits: 2, link: contract }),
      render: (r) => <FteCell row={r} t={t} f={f} meta={meta} link={contract(r)} />,
    },
    figure('clockHoursBalance', { unsupported: true, hidden: true, link: contract }),
    figure('lessonSpace', { unsupported: true, hidden: true, link: contract }),
    figure('taskSpace', { unsupported: true, hidden: true, link: contract }),
  ];
}

/** The fte, and where it is the sum of several contracts, that it is. */
function FteCell({
  row,
  t,
  f,
  meta,
  link,
}: {
  row: TableRow;
  t: LoadT;
  f: Formats;
  meta: StaffingMeta | undefined;
  link: { href: string; label: string };
}) {
  const fte = row.fteNet;
  const count = Array.isArray(row.contracts) ? row.contracts.length : 0;
  return (
    <span className="whitespace-nowrap print:whitespace-normal">
      <FigureCell
        text={typeof fte === 'number' ? f.count(round(fte, 2)) : null}
        missing={missingFor(meta, 'fteNet')}
        {...(typeof fte === 'number' ? link : {})}
      />
      {typeof fte === 'number' && count > 1 ? (
        <>
          {' '}
          <span className="text-xs text-ink-muted">{t('load.fteSum', { count })}</span>
        </>
      ) : null}
    </span>
  );
}

/** "+2 boven norm" / "−3 onder norm" / "op norm": colour and words, never colour alone. */
function DifferenceCell({ row, t, f, meta }: { row: TableRow; t: LoadT; f: Formats; meta: StaffingMeta | undefined }) {
  const value = row._difference;
  if (row._balance === 'doubt') return <DoubtMark row={row} t={t} f={f} />;
  if (typeof value !== 'number')
    return <FigureCell text={null} missing={missingFor(meta, 'lessonsToPlan') ?? missingFor(meta, 'planned')} />;
  const text = signed(round(value, 1), f);
  const doubt = row.doubt === 'unusualRatio' ? <DoubtMark row={row} t={t} f={f} /> : null;
  if (row._balance === 'even')
    return (
      <span className="text-ink-muted">
        {t('load.evenText')}
        {doubt}
      </span>
    );
  const over = row._balance === 'over';
  return (
    <span className="whitespace-nowrap print:whitespace-normal">
      <span
        className={`rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums ${over ? 'bg-balance-over-bg text-balance-over' : 'bg-balance-under-bg text-balance-under'}`}
      >
        {over ? t('load.overText', { value: text }) : t('load.underText', { value: text })}
      </span>
      {doubt}
    </span>
  );
}

/** Contract figures that cannot be right: said in words, with what to check. */
function DoubtMark({ row, t, f }: { row: TableRow; t: LoadT; f: Formats }) {
  const fte = typeof row.fteNet === 'number' ? f.count(round(row.fteNet, 2)) : '';
  const words =
    row.doubt === 'noLessonsToPlan'
      ? t('load.doubtNoLessons', { fte })
      : t('load.doubtRatio', { fte, toPlan: f.count(round(Number(row.lessonsToPlan), 1)) });
  return (
    <span
      className="ml-1 rounded bg-state-warn-bg px-1.5 py-0.5 text-xs font-semibold text-state-warn"
      data-doubt={String(row.doubt)}
      title={words}
    >
      {row.doubt === 'noLessonsToPlan' ? words : t('load.doubtShort')}
      {row.doubt === 'noLessonsToPlan' ? null : <span className="sr-only"> {words}</span>}
    </span>
  );
}
