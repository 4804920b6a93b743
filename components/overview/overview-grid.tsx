'use client';

import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import {
  Fragment,
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useFormats } from '@/lib/format/use-formats.client';
import type { MatrixColumn, MatrixItem, MatrixRow, OverviewMatrix } from '@/lib/overview/matrix';
import type { OverviewKind } from '@/lib/overview/view';
import { clock } from '@/lib/timetable/layout';
import { blockLabel } from '@/lib/timetable/labels';
import type { Words } from '@/lib/timetable/words';
import { dayName } from '@/lib/timetable/words';
import { CLASH_OUTLINE, TYPE_BG, useBlockWords } from '@/components/timetable/appointment-block';

// The overview matrix on screen: a WAI-ARIA grid with one tab stop (roving tabindex), arrow keys
// inside, Enter opening the details; rows virtualised (only those in view are in the DOM, plus
// the one holding the tab stop), headers sticky on both axes.

/** Height of one row in pixels (two lines of codes); the CSS below uses the same. */
export const ROW_PX = 30;
const HEADER_REM = 2.75;
const ROW_HEADER_REM = 5.5;

/**
 * A changed part: the week grid's change colour, a shade darker so the small codes keep 4.5:1
 * contrast on every appointment colour.
 */
export const CHANGED_TEXT = 'font-bold text-[#9a3412] underline decoration-dotted';

export interface GridTexts {
  words: Words;
  kindOne: string;
  extra: string;
  extraLong: string;
  free: string;
  clash: string;
  added: string;
  /** After the row's code and name on its link: what the link does. */
  openWeek: string;
}

/** The grid's words in the interface's language, for a row kind. */
export function useGridTexts(kind: OverviewKind): GridTexts {
  const t = useTranslations('overview');
  const words = useBlockWords();
  return useMemo(
    () => ({
      words,
      kindOne: t(`one.${kind}`),
      extra: t('grid.extra'),
      extraLong: t('grid.extraLong'),
      free: t('grid.free'),
      clash: t('grid.clash'),
      added: t('grid.added'),
      openWeek: t('grid.openWeek'),
    }),
    [words, t, kind],
  );
}

/** What a screen reader hears for one item: the week grid's sentence, plus added and clash. */
export function itemLabel(item: MatrixItem, weekday: number, texts: GridTexts): string {
  let label = blockLabel(item.block, weekday, false, texts.words);
  if (item.codes.includes('added')) label += `, ${texts.added}`;
  if (item.clash) label += `, ${texts.clash}`;
  return label;
}

/**
 * Fixed tracks (a share of the width each, the extra column 0.7 of a period): no track is sized
 * from its content, so a row's layout never measures its codes.
 */
export function columnTemplate(columns: readonly MatrixColumn[]): string {
  const weight = (c: MatrixColumn) => (c.period === null ? 0.7 : 1);
  const total = columns.reduce((n, c) => n + weight(c), 0);
  return [
    `${ROW_HEADER_REM}rem`,
    ...columns.map((c) => `calc((100% - ${ROW_HEADER_REM}rem) * ${(weight(c) / total).toFixed(5)})`),
  ].join(' ');
}

interface RowContext {
  columns: MatrixColumn[];
  indexes: number[];
  template: string;
  kind: OverviewKind;
  texts: GridTexts;
  names: ReadonlyMap<string, { name: string }> | undefined;
  hrefOf: (code: string) => string;
  /** Row headers stick to the left edge: only while the grid scrolls sideways (each sticky header is a layer to composite). */
  stickyLeft: boolean;
}

export function OverviewGrid({
  matrix,
  rows,
  indexes,
  texts,
  names,
  hrefOf,
  label,
  onOpen,
}: {
  matrix: OverviewMatrix;
  rows: readonly MatrixRow[];
  /** The matrix columns shown (a day, or the whole week). */
  indexes: number[];
  texts: GridTexts;
  names: ReadonlyMap<string, { name: string }> | undefined;
  hrefOf: (code: string) => string;
  label: string;
  onOpen: (row: MatrixRow, column: number, item: number) => void;
}) {
  const t = useTranslations('overview.grid');
  const scrollRef = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const [active, setActive] = useState({ row: 0, col: 1 });
  const focusPending = useRef(false);
  const columns = useMemo(() => indexes.map((i) => matrix.columns[i]!), [indexes, matrix.columns]);
  const template = useMemo(() => columnTemplate(columns), [columns]);
  const lastCol = columns.length;
  const activeRow = Math.max(0, Math.min(active.row, rows.length - 1));
  const activeCol = Math.max(0, Math.min(active.col, lastCol));

  const rangeExtractor = useCallback(
    (range: Range) => {
      const shown = defaultRangeExtractor(range);
      if (rows.length > 0 && !shown.includes(activeRow)) return [...shown, activeRow].sort((a, b) => a - b);
      return shown;
    },
    [activeRow, rows.length],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual, as in components/data-table
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 3,
    rangeExtractor,
    getItemKey: (i) => rows[i]?.code ?? i,
  });

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${activeRow}:${activeCol}"]`)?.focus();
  }, [activeRow, activeCol]);

  const days = useMemo(() => {
    const out: { day: number; first: number; span: number }[] = [];
    columns.forEach((c, i) => {
      const last = out.at(-1);
      if (last && last.day === c.day) last.span++;
      else out.push({ day: c.day, first: i, span: 1 });
    });
    return out;
  }, [columns]);

  const [stickyLeft, setStickyLeft] = useState(false);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const check = () => setStickyLeft(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [columns]);
  const ctx = useMemo<RowContext>(
    () => ({ columns, indexes, template, kind: matrix.kind, texts, names, hrefOf, stickyLeft }),
    [columns, indexes, template, matrix.kind, texts, names, hrefOf, stickyLeft],
  );

  const cellOf = (target: EventTarget | null) => {
    const el = (target as HTMLElement | null)?.closest<HTMLElement>('[data-cell]');
    if (!el) return null;
    const [r, c] = el.dataset.cell!.split(':').map(Number) as [number, number];
    return { el, row: r, col: c };
  };

  const move = (row: number, col: number) => {
    focusPending.current = true;
    const next = { row: Math.max(0, Math.min(row, rows.length - 1)), col: Math.max(0, Math.min(col, lastCol)) };
    setActive(next);
    if (next.row === activeRow && next.col === activeCol) {
      focusPending.current = false;
      scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${next.row}:${next.col}"]`)?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const cell = cellOf(event.target);
    if (!cell || event.altKey || event.metaKey) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_PX) - 3);
    const { row, col } = cell;
    switch (event.key) {
      case 'ArrowDown':
        move(row + 1, col);
        break;
      case 'ArrowUp':
        move(row - 1, col);
        break;
      case 'ArrowRight':
        move(row, col + 1);
        break;
      case 'ArrowLeft':
        move(row, col - 1);
        break;
      case 'PageDown':
        move(row + page, col);
        break;
      case 'PageUp':
        move(row - page, col);
        break;
      case 'Home':
        if (event.ctrlKey) move(0, 0);
        else move(row, 0);
        break;
      case 'End':
        if (event.ctrlKey) move(rows.length - 1, lastCol);
        else move(row, lastCol);
        break;
      case 'Enter':
      case ' ': {
        // The row header is a link: Enter follows it.
        if (col === 0) return;
        const r = rows[row];
        if (r && r.cells[indexes[col - 1]!]?.length) onOpen(r, indexes[col - 1]!, 0);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const onFocus = (event: FocusEvent) => {
    const cell = cellOf(event.target);
    if (cell && (cell.row !== activeRow || cell.col !== activeCol)) setActive({ row: cell.row, col: cell.col });
  };

  const onClick = (event: MouseEvent) => {
    const chip = (event.target as HTMLElement).closest<HTMLElement>('[data-item]');
    const cell = cellOf(event.target);
    if (!chip || !cell || cell.col === 0) return;
    const r = rows[cell.row];
    if (r) onOpen(r, indexes[cell.col - 1]!, Number(chip.dataset.item));
  };

  const minWidth = `${ROW_HEADER_REM + columns.reduce((n, c) => n + (c.period === null ? 1.12 : 1.6), 0)}rem`;

  return (
    <>
      <p id={helpId} className="sr-only">
        {t('help')}
      </p>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-describedby={helpId}
        aria-rowcount={rows.length + 2}
        aria-colcount={columns.length + 1}
        className="overview-grid relative max-h-[calc(100vh-12rem)] min-h-[18rem] overflow-auto will-change-scroll rounded-lg border border-surface-line bg-surface"
        style={{ scrollPaddingTop: `${HEADER_REM}rem`, scrollPaddingLeft: `${ROW_HEADER_REM}rem` }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onClick={onClick}
        data-testid="overview-grid"
      >
        <div style={{ minWidth }}>
          <GridHeader columns={columns} days={days} template={template} texts={texts} stickyLeft={stickyLeft} />
          <div role="rowgroup" className="relative" style={{ height: `${virtualizer.getTotalSize()}px` }}>
            {virtualizer.getVirtualItems().map((v) => (
              <OverviewRow
                key={v.key}
                row={rows[v.index]!}
                index={v.index}
                top={v.start}
                activeCol={v.index === activeRow ? activeCol : -1}
                ctx={ctx}
              />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}

/** The two header rows (days, periods), sticky at the top; rendered again only when the columns change. */
const GridHeader = memo(function GridHeader({
  columns,
  days,
  template,
  texts,
  stickyLeft,
}: {
  columns: MatrixColumn[];
  days: { day: number; first: number; span: number }[];
  template: string;
  texts: GridTexts;
  stickyLeft: boolean;
}) {
  const formats = useFormats();
  return (
    <div role="rowgroup" className="sticky top-0 z-20 bg-surface">
      <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${stickyLeft ? 'sticky left-0 z-10' : ''} border-b border-r border-surface-line bg-surface px-2 py-0.5 text-xs font-semibold`}
        >
          {texts.kindOne}
        </div>
        {days.map((d) => {
          const c = columns[d.first]!;
          return (
            <div
              key={c.date}
              role="columnheader"
              aria-colindex={d.first + 2}
              aria-colspan={d.span}
              style={{ gridColumn: `span ${d.span}` }}
              className="overflow-hidden whitespace-nowrap border-b border-l-2 border-surface-line border-l-ink-faint/40 px-1 py-0.5 text-xs font-semibold"
              data-day={c.date}
            >
              {dayName(c.weekday, texts.words.locale)}{' '}
              <span className="font-normal text-ink-muted">{formats.dayMonth(c.date)}</span>
            </div>
          );
        })}
      </div>
      <div role="row" aria-rowindex={2} className="grid" style={{ gridTemplateColumns: template }}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${stickyLeft ? 'sticky left-0 z-10' : ''} border-b border-r border-surface-line bg-surface px-2 text-[0.65rem] text-ink-muted`}
        >
          <span className="sr-only">{texts.kindOne}</span>
        </div>
        {columns.map((c, i) => (
          <div
            key={c.key}
            role="columnheader"
            aria-colindex={i + 2}
            title={c.period === null ? texts.extraLong : `${c.period} ${clock(c.start)}–${clock(c.end)}`}
            aria-label={c.period === null ? texts.extraLong : undefined}
            className={`overflow-hidden whitespace-nowrap border-b border-surface-line text-center text-[0.65rem] font-semibold text-ink-muted ${
              i === 0 || columns[i - 1]!.day !== c.day ? 'border-l-2 border-l-ink-faint/40' : 'border-l'
            }`}
            data-period={c.period ?? ''}
          >
            {c.period ?? '+'}
          </div>
        ))}
      </div>
    </div>
  );
});

const OverviewRow = memo(function OverviewRow({
  row,
  index,
  top,
  activeCol,
  ctx,
}: {
  row: MatrixRow;
  index: number;
  top: number;
  /** The column holding the grid's tab stop, or -1 when it is in another row. */
  activeCol: number;
  ctx: RowContext;
}) {
  const { columns, indexes, texts } = ctx;
  const name = ctx.names?.get(row.code)?.name;
  const who = name && name !== row.code ? `${name} (${row.code})` : row.code;
  return (
    <div
      role="row"
      aria-rowindex={index + 3}
      className="overview-row absolute left-0 grid w-full"
      style={{ gridTemplateColumns: ctx.template, height: ROW_PX, top }}
      data-row={row.code}
      data-changed={row.changed || undefined}
      data-clashes={row.clashes || undefined}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className={`${ctx.stickyLeft ? 'sticky left-0 z-10' : ''} flex items-center overflow-hidden border-b border-r border-surface-line bg-surface px-1`}
      >
        <Link
          href={ctx.hrefOf(row.code)}
          prefetch={false}
          tabIndex={activeCol === 0 ? 0 : -1}
          data-cell={`${index}:0`}
          title={who}
          className="flex min-w-0 items-baseline gap-1 rounded-sm px-0.5 text-xs hover:underline"
        >
          <span className="font-semibold" translate="no">
            {row.code}
          </span>
          {name && name !== row.code ? <span className="truncate text-[0.65rem] text-ink-muted">{name}</span> : null}
          {row.clashes > 0 ? (
            <span aria-hidden className="font-bold text-state-danger">
              !
            </span>
          ) : null}
          <span className="sr-only">{texts.openWeek}</span>
        </Link>
      </div>
      {indexes.map((ci, j) => {
        const items = row.cells[ci];
        const column = columns[j]!;
        const dayStart = j === 0 || columns[j - 1]!.day !== column.day;
        const free = !items && ctx.kind === 'location';
        // The codes as seen, then the week grid's sentence for each appointment (a name that
        // starts with what is on screen, for speech input; no extra element per cell).
        const labelText = items
          ? `${items.map((item) => `${item.lines.map((l) => l.text).join(' ')}${item.clash ? ' !' : ''}`).join(' ')}: ${items
              .map((item) => itemLabel(item, column.weekday, texts))
              .join('; ')}`
          : free
            ? texts.free
            : undefined;
        return (
          <div
            key={column.key}
            role="gridcell"
            aria-colindex={j + 2}
            tabIndex={activeCol === j + 1 ? 0 : -1}
            data-cell={`${index}:${j + 1}`}
            aria-label={labelText}
            data-free={free || undefined}
            className={`overview-cell flex min-w-0 gap-px overflow-hidden border-b border-surface-line p-px ${
              dayStart ? 'border-l-2 border-l-ink-faint/40' : 'border-l'
            } ${free ? 'bg-state-ok-bg' : ''}`}
          >
            {/* A space between chips (not laid out in a flex row) keeps the codes apart as text. */}
            {items?.map((item, k) => (
              <Fragment key={`${item.appointment.key}:${k}`}>
                {k > 0 ? ' ' : null}
                {chip(item, k, items.length > 1)}
              </Fragment>
            ))}
          </div>
        );
      })}
    </div>
  );
});

/** One appointment in a cell: its codes, coded as the week grid codes blocks. */
function chip(item: MatrixItem, k: number, shared: boolean) {
  const a = item.appointment;
  const cancelled = item.codes.includes('cancelled');
  const added = item.codes.includes('added');
  const changed = !cancelled && !added && item.codes.length > 0;
  const state = cancelled
    ? 'bg-state-cancelled-bg text-ink-muted line-through border-dashed border-state-cancelled'
    : `${TYPE_BG[a.type] ?? 'bg-appt-unknown'} text-appt-ink ${
        changed ? 'border-state-changed' : added ? 'border-state-new border-l-[3px]' : 'border-black/10'
      }`;
  const tooltip = [a.changeDescription, a.schedulerRemark].filter(Boolean).join('\n') || undefined;
  return (
    <span
      key={`${a.key}:${k}`}
      data-item={k}
      data-appointment-id={a.key}
      data-cancelled={cancelled || undefined}
      data-change={item.codes.length > 0 ? item.codes.join(' ') : undefined}
      data-clash={item.clash || undefined}
      title={tooltip}
      className={`overview-chip relative min-w-0 flex-1 cursor-pointer ${shared ? 'overflow-hidden' : ''} rounded-sm border pl-px ${state} ${
        item.continued ? 'rounded-l-none' : ''
      } ${item.clash ? CLASH_OUTLINE : ''}`}
    >
      {item.lines.some((line) => line.changed || line.text.length > 5) ? (
        item.lines.map((line, i) => (
          // Block lines with a space between them as text (a blank between blocks is not drawn).
          <span
            key={i}
            className={`block whitespace-nowrap ${line.text.length > 5 ? 'overview-long' : ''} ${line.changed ? CHANGED_TEXT : ''}`}
          >
            {i > 0 ? ' ' : null}
            {line.text}
          </span>
        ))
      ) : (
        // One text node for the usual case (a few thousand fewer elements on a busy week).
        <span className="whitespace-pre">{item.lines.map((line) => line.text).join('\n')}</span>
      )}
      {item.clash ? (
        <span aria-hidden className="overview-mark absolute right-0 top-0 bg-state-danger px-px font-bold text-white">
          !
        </span>
      ) : null}
    </span>
  );
}
