'use client';

import { Button } from '@/components/ui/button';
import type { SortingState } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useQueryState } from '@/lib/url-state.client';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { formatCell, type TableT } from '@/lib/csv/format';
import { readTableState, writeTableState, type FilterKind, type TableUrlState } from '@/lib/data-table/table-state';
import { UpstreamError } from '@/components/ui/upstream-error';
import type { ApiError } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { useCodeOnDemand } from '@/lib/browser/use-code-on-demand.client';
import { CodeFailed } from '@/components/ui/code-failed';
import { ColumnHeader } from './column-header';
import type { ExportName } from './export-dialog';
import { Popover } from '@/components/ui/popover';
import { ROW_HEIGHT, TableRowView, tableRow, type CellView, type ShownRow } from './table-row';
import type { EngineModel, PendingSort } from './table-engine';
import type { TableColumn, TableRow } from './types';
import { orderedColumns, shownColumns, useTablePrefs, type TablePrefs } from './use-table-prefs';
import { Input } from '@/components/ui/control';
import { cardClass } from '@/components/ui/card';

// Loaded when first opened: a table's first view has no use for the export's choices.
const loadExport = () => import('./export-dialog');
const loadVirtualRows = () => import('./virtual-rows');
/** The sorting and filtering engine, loaded on the first sign a person will use it. */
const loadEngine = () => import('./table-engine');
/** Rows shown while a long table's virtualiser loads: more than a screen holds. */
const FIRST_ROWS = 40;
const VIRTUAL_FROM = 300;
const NO_SORTING: SortingState = [];

export interface DataTableProps {
  tableId: string;
  columns: TableColumn[];
  rows: TableRow[];
  loading: boolean;
  error: ApiError | Error | null;
  onRetry: () => void;
  empty: string;
  exportName: ExportName;
  zone: string;
  toolbar?: ReactNode;
  /** Keeps this table's URL state apart from the page's main table (e.g. `cmp.`). */
  urlPrefix?: string;
  /** The order rows come in while the URL names none, shown on its column's header like any sort. */
  defaultSorting?: SortingState;
}

/**
 * The one table of Rooster: sort, search, filters and column choice, virtual rows, CSV export.
 * Its first view is the rows as they come, with no sorting code on the page: the engine
 * (`table-engine.tsx`) loads when the pointer or focus reaches the table, or at once when the
 * address asks for a sort, a search or a filter; until it is there, such a view waits in the
 * loading state rather than show rows it would not select.
 */
export function DataTable({
  tableId,
  columns,
  rows,
  loading,
  error,
  onRetry,
  empty,
  exportName,
  zone,
  toolbar,
  urlPrefix = '',
  defaultSorting = NO_SORTING,
}: DataTableProps) {
  const kinds = useMemo(() => new Map<string, FilterKind>(columns.map((c) => [c.id, c.kind])), [columns]);
  const [urlState, setUrlState] = useQueryState(
    (params) => readTableState(params, kinds, urlPrefix),
    (base, state) => writeTableState(base, state, urlPrefix),
  );
  const [stored, savePrefs] = useTablePrefs(tableId);
  const [exporting, setExporting] = useState(false);
  const exportCode = useCodeOnDemand(loadExport);
  const t = useTranslations('table');
  const errorText = useApiErrorText();

  const prefs = usePrefs(columns, stored);
  const shown = useMemo(() => shownColumns(columns, prefs), [columns, prefs]);
  const setUrl = (next: Partial<TableUrlState>) => setUrlState({ ...urlState, ...next });
  const sorting = urlState.sorting.length > 0 ? urlState.sorting : defaultSorting;

  const { module: engine, failed: engineFailed, ask: want } = useCodeOnDemand(loadEngine);
  const [model, setModel] = useState<EngineModel | null>(null);
  // Headers clicked before the engine was there, done in order once it is (two clicks: descending).
  const [pendingSorts, setPendingSorts] = useState<PendingSort[]>([]);
  const selects = sorting.length > 0 || urlState.search !== '' || urlState.filters.length > 0;
  useEffect(() => {
    if (selects && !engineFailed) want();
  }, [selects, engineFailed, want]);
  // The address selects rows the engine has not chosen yet: the loading state, not unselected rows.
  // Should the engine not load, the rows as they come, under a notice that says so.
  const waiting = selects && !model && !engineFailed;
  const cell = useCellView(zone, t);
  const shownRows = useMemo<ShownRow[]>(
    () =>
      model
        ? model.rows.map((r) => ({ id: r.id, record: r.original }))
        : rows.map((record, i) => ({ id: String(i), record })),
    [model, rows],
  );
  const onSort = useCallback(
    (c: TableColumn) => (event: MouseEvent) => {
      const column = model?.table.getColumn(c.id);
      if (column) column.getToggleSortingHandler()?.(event);
      else {
        setPendingSorts((queued) => [...queued, { id: c.id, multi: event.shiftKey }]);
        want();
      }
    },
    [model, want],
  );
  const sortDone = useCallback(() => setPendingSorts((queued) => queued.slice(1)), []);

  return (
    <div className="space-y-3" onPointerEnter={want} onFocus={want} onTouchStart={want}>
      {engine ? (
        <engine.TableEngine
          rows={rows}
          columns={columns}
          zone={zone}
          t={t}
          state={urlState}
          sorting={sorting}
          onState={setUrl}
          onModel={setModel}
          pendingSort={pendingSorts[0] ?? null}
          onPendingDone={sortDone}
        />
      ) : null}
      <div
        className="flex flex-wrap items-center gap-2 print:[&>*:not([data-testid=row-count])]:hidden"
        role="toolbar"
        aria-label={t('toolbar')}
      >
        <label className="sr-only" htmlFor={`${tableId}-search`}>
          {t('searchLabel')}
        </label>
        <Input
          id={`${tableId}-search`}
          type="search"
          placeholder={t('searchPlaceholder')}
          defaultValue={urlState.search}
          onChange={(e) => setUrl({ search: e.target.value })}
          size="large"
          className="w-64 text-sm"
        />
        <Popover label={t('filters.button', { active: urlState.filters.length })} panelClassName="w-96 p-3">
          {engine && model ? (
            <engine.FilterFields table={model.table} columns={shown} active={urlState.filters.length} />
          ) : (
            <Loading failed={engineFailed} onRetry={want} />
          )}
        </Popover>
        <Popover label={t('columns.button')} align="end" panelClassName="w-[26rem] max-w-[calc(100vw-2rem)] p-2">
          {engine ? (
            <engine.ColumnList columns={columns} prefs={prefs} onChange={savePrefs} />
          ) : (
            <Loading failed={engineFailed} onRetry={want} />
          )}
        </Popover>
        {toolbar}
        <span className="ml-auto text-sm text-ink-muted" data-testid="row-count" aria-live="polite">
          {waiting ? '' : t('rowCount', { shown: shownRows.length, total: rows.length })}
        </span>
        <Button
          disabled={rows.length === 0 || waiting}
          onClick={() => {
            exportCode.ask();
            setExporting(true);
          }}
        >
          {t('exportCsv')}
        </Button>
      </div>
      {error && rows.length === 0 ? (
        <UpstreamError
          title={t('readFailed')}
          message={errorText(error)}
          eventId={'eventId' in error ? error.eventId : null}
          onRetry={onRetry}
        />
      ) : (
        <>
          {engineFailed && (selects || pendingSorts.length > 0) ? <CodeFailed onRetry={want} /> : null}
          {error ? (
            <p
              role="alert"
              className="rounded-md border border-state-warn bg-state-warn-bg p-2 text-sm text-state-warn"
            >
              {t('refreshFailed', { message: errorText(error) })}
            </p>
          ) : null}
          <TableBody
            rows={waiting ? NO_ROWS : shownRows}
            columns={shown}
            cell={cell}
            sorting={sorting}
            onSort={onSort}
            loading={loading || waiting || (pendingSorts.length > 0 && !engineFailed)}
            empty={rows.length === 0 ? empty : t('noMatch')}
          />
        </>
      )}
      {exporting && exportCode.module ? (
        <exportCode.module.ExportDialog
          table={{
            columns: { shown, all: orderedColumns(columns, prefs.order) },
            rows: { shown: shownRows.map((r) => r.record), all: rows },
          }}
          name={exportName}
          zone={zone}
          onClose={() => setExporting(false)}
        />
      ) : exporting && exportCode.failed ? (
        <CodeFailed onRetry={exportCode.ask} />
      ) : null}
    </div>
  );
}

const NO_ROWS: ShownRow[] = [];

/** A toolbar panel whose code is on its way (the engine's, asked for when the pointer reached the table). */
function Loading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useTranslations('table');
  if (failed) return <CodeFailed onRetry={onRetry} />;
  return (
    <p role="status" className="text-ink-muted">
      {t('loading')}
    </p>
  );
}

/** The stored column choice, or the columns' defaults (the same object while neither changes). */
function usePrefs(columns: readonly TableColumn[], stored: TablePrefs | null): TablePrefs {
  const defaults = useMemo(
    () => Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])),
    [columns],
  );
  return useMemo(
    () => ({
      visibility: stored?.visibility ?? defaults,
      order: Array.isArray(stored?.order) ? stored.order : [],
    }),
    [stored, defaults],
  );
}

/** What a cell shows: the column's own drawing, or its value formatted for people ("—" for none). */
function useCellView(zone: string, t: TableT): CellView {
  return useCallback<CellView>(
    (c, record) => {
      if (c.render) return c.render(record);
      const value = c.value(record);
      const text = formatCell(
        value,
        c.fieldType ??
          (c.kind === 'date' && typeof value === 'number' ? 'timestamp' : c.kind === 'date' ? 'date' : undefined),
        'human',
        zone,
        t,
      );
      return text === null || text === undefined || text === '' ? (
        <span className="text-ink-faint">—</span>
      ) : (
        String(text)
      );
    },
    [zone, t],
  );
}

/**
 * The rows, re-rendered only when what they show changes: the rows, the columns (their choice and
 * order), the sort, the loading state. A page's other updates (a query's state, the URL) leave a
 * hundred rows of cells alone instead of rendering them again in one task.
 */
const TableBody = memo(function TableBody({
  rows,
  columns,
  cell,
  sorting,
  onSort,
  loading,
  empty,
}: {
  rows: readonly ShownRow[];
  columns: readonly TableColumn[];
  cell: CellView;
  sorting: SortingState;
  onSort: (c: TableColumn) => (event: MouseEvent) => void;
  loading: boolean;
  empty: string;
}) {
  const t = useTranslations('table');
  const scroller = useRef<HTMLDivElement>(null);
  const { module: virtual, failed: virtualFailed, ask: askVirtual } = useCodeOnDemand(loadVirtualRows);
  const long = rows.length > VIRTUAL_FROM;
  useEffect(() => {
    if (long) askVirtual();
  }, [long, askVirtual]);
  const span = columns.length;

  return (
    <div
      ref={scroller}
      className={cardClass(
        'none',
        'relative max-h-[70vh] overflow-auto print:max-h-none print:overflow-visible print:border-0 print:text-[8pt]',
      )}
      tabIndex={0}
      aria-label={t('rowsLabel')}
    >
      <table className="w-full border-collapse text-sm" aria-rowcount={rows.length + 1} aria-busy={loading}>
        <thead>
          <tr>
            {columns.map((c) => {
              const index = sorting.findIndex((s) => s.id === c.id);
              const sorted = index < 0 ? false : sorting[index]!.desc ? 'desc' : 'asc';
              return <ColumnHeader key={c.id} column={c} sorted={sorted} index={index} onSort={onSort(c)} />;
            })}
          </tr>
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            Array.from({ length: 8 }, (_, i) => (
              <tr key={i} className="animate-pulse">
                <td colSpan={span} className="h-8 border-b border-surface-line bg-surface-sunken" />
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={span} className="p-6 text-center text-ink-muted" role="status">
                {empty}
              </td>
            </tr>
          ) : long && virtual ? (
            <virtual.VirtualRows rows={rows} columns={columns} cell={cell} scroller={scroller} />
          ) : long && !virtualFailed ? (
            // The virtualiser's code loads only for a table this long; until then the first screenful.
            <FirstRows rows={rows} columns={columns} cell={cell} />
          ) : (
            rows.map((row) => <TableRowView key={row.id} row={row} columns={columns} cell={cell} />)
          )}
        </tbody>
      </table>
    </div>
  );
});

/** A long table's first screenful while its virtualiser loads, the rest's height kept (the scrollbar is right at once). */
function FirstRows({
  rows,
  columns,
  cell,
}: {
  rows: readonly ShownRow[];
  columns: readonly TableColumn[];
  cell: CellView;
}) {
  return (
    <>
      {rows.slice(0, FIRST_ROWS).map((row) => tableRow(row, columns, cell))}
      <tr aria-hidden style={{ height: (rows.length - FIRST_ROWS) * ROW_HEIGHT }} />
    </>
  );
}
