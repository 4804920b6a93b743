'use client';

import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { MatrixRow, OverviewMatrix } from '@/lib/timetable/overview/matrix';
import { columnTemplate, gridSize, HEADER_REM } from './grid-layout';
import { GridHeader } from './grid-header';
import type { GridTexts } from './grid-texts';
import { OverviewRow, type RowContext } from './overview-row';
import { cellOf, useGridKeys } from './use-grid-keys';
import { cardClass } from '@/components/ui/card';

// The overview matrix on screen: a WAI-ARIA grid with one tab stop (roving tabindex), arrow keys
// inside, Enter opening the details; rows virtualised (only those in view are in the DOM, plus
// the one holding the tab stop), headers sticky on both axes.

export function OverviewGrid({
  matrix,
  rows,
  indexes,
  texts,
  names,
  hrefOf,
  label,
  onOpen,
  narrow = false,
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
  /** A phone: taller rows, a wider header with the whole name. */
  narrow?: boolean;
}) {
  const t = useTranslations('overview.grid');
  const scrollRef = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const columns = useMemo(() => indexes.map((i) => matrix.columns[i]!), [indexes, matrix.columns]);
  const size = useMemo(() => gridSize(narrow), [narrow]);
  const template = useMemo(() => columnTemplate(columns, size.headerRem), [columns, size]);
  const { activeRow, activeCol, onKeyDown, onFocus } = useGridKeys(scrollRef, rows, indexes, onOpen, size.rowPx);
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
    estimateSize: () => size.rowPx,
    overscan: 3,
    rangeExtractor,
    getItemKey: (i) => rows[i]?.code ?? i,
  });

  // TanStack keeps its measurements until told: a new row height (a phone turned) is one.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, size]);

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
    () => ({ columns, indexes, template, size, kind: matrix.kind, texts, names, hrefOf, stickyLeft }),
    [columns, indexes, template, size, matrix.kind, texts, names, hrefOf, stickyLeft],
  );

  const onClick = (event: MouseEvent) => {
    const chip = (event.target as HTMLElement).closest<HTMLElement>('[data-item]');
    const cell = cellOf(event.target);
    if (!chip || !cell || cell.col === 0) return;
    const r = rows[cell.row];
    if (r) onOpen(r, indexes[cell.col - 1]!, Number(chip.dataset.item));
  };

  const minWidth = `${size.headerRem + columns.reduce((n, c) => n + (c.period === null ? 1.12 : 1.6), 0)}rem`;

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
        className={cardClass(
          'none',
          'overview-grid relative max-h-[calc(100vh-12rem)] min-h-[18rem] overflow-auto will-change-scroll',
        )}
        style={{ scrollPaddingTop: `${HEADER_REM}rem`, scrollPaddingLeft: `${size.headerRem}rem` }}
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
