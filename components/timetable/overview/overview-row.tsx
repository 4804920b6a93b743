'use client';

import { PendingLink } from '@/components/ui/pending-link';
import { Fragment, memo } from 'react';
import type { MatrixColumn, MatrixRow } from '@/lib/timetable/overview/matrix';
import type { OverviewKind } from '@/lib/timetable/overview/view';
import type { GridSize } from './grid-layout';
import { itemLabel, type GridTexts } from './grid-texts';
import { chip } from './overview-chip';

export interface RowContext {
  columns: MatrixColumn[];
  indexes: number[];
  template: string;
  size: GridSize;
  kind: OverviewKind;
  texts: GridTexts;
  names: ReadonlyMap<string, { name: string }> | undefined;
  hrefOf: (code: string) => string;
  /** Row headers stick to the left edge: only while the grid scrolls sideways (each sticky header is a layer to composite). */
  stickyLeft: boolean;
}

export const OverviewRow = memo(function OverviewRow({
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
  const named = name !== undefined && name !== '' && name !== row.code;
  const who = named ? `${name} (${row.code})` : row.code;
  const narrow = ctx.size.narrow;
  const clash =
    row.clashes > 0 ? (
      <span aria-hidden className="font-bold text-state-danger">
        !
      </span>
    ) : null;
  return (
    <div
      role="row"
      aria-rowindex={index + 3}
      className="overview-row absolute left-0 grid w-full"
      style={{ gridTemplateColumns: ctx.template, height: ctx.size.rowPx, top }}
      data-row={row.code}
      data-changed={row.changed || undefined}
      data-clashes={row.clashes || undefined}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className={`${ctx.stickyLeft ? 'sticky left-0 z-10' : ''} flex items-center overflow-hidden border-b border-r border-surface-line bg-surface px-1`}
      >
        <PendingLink
          href={ctx.hrefOf(row.code)}
          prefetch={false}
          tabIndex={activeCol === 0 ? 0 : -1}
          data-cell={`${index}:0`}
          title={who}
          className={`flex min-w-0 items-baseline rounded-sm px-0.5 text-xs hover:underline ${narrow ? 'flex-wrap gap-x-1' : 'gap-1'}`}
        >
          <span className="font-semibold" translate="no">
            {row.code}
          </span>
          {narrow ? clash : null}
          {named ? (
            // On a phone the whole name, wrapping under the code; else what fits beside it.
            <span
              className={`text-[0.65rem] text-ink-muted ${narrow ? 'basis-full whitespace-normal break-words leading-3' : 'truncate'}`}
            >
              {name}
            </span>
          ) : null}
          {narrow ? null : clash}
          <span className="sr-only">{texts.openWeek}</span>
        </PendingLink>
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
