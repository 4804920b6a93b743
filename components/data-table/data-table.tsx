'use client';

import { Button } from '@/components/ui/button';
import {
  getCoreRowModel,
  getFacetedRowModel,
  getFacetedUniqueValues,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type FilterFn,
  type HeaderGroup,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useQueryState } from '@/lib/url-state.client';
import { lazy, memo, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatCell, type TableT } from '@/lib/csv/format';
import {
  dayOf,
  inRange,
  readTableState,
  writeTableState,
  type DateRange,
  type FilterKind,
} from '@/lib/data-table/table-state';
import { UpstreamError } from '@/components/ui/upstream-error';
import type { ApiError } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { ColumnHeader } from './column-header';
import { ColumnPicker } from './column-picker';
import { ExportDialog, type ExportName } from './export-dialog';
import { FilterPanel } from './filter-panel';
import { ROW_HEIGHT, TableRowView, tableRow } from './table-row';
import type { TableColumn, TableRow } from './types';

const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));
/** Rows shown while a long table's virtualiser loads: more than a screen holds. */
const FIRST_ROWS = 40;
import { useTablePrefs } from './use-table-prefs';

const VIRTUAL_FROM = 300;
const NO_SORTING: SortingState = [];
const NO_ORDER: string[] = [];

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

/** The one table of Rooster: sort, search, filters and column choice, virtual rows, CSV export. */
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
  const [prefs, savePrefs] = useTablePrefs(tableId);
  const [exporting, setExporting] = useState(false);
  const t = useTranslations('table');
  const errorText = useApiErrorText();

  const defs = useMemo(() => columnDefs(columns, zone, t), [columns, zone, t]);
  // The same objects from render to render while nothing changes: TanStack recomputes the visible
  // columns (and the rows' cells) whenever these are new, which re-rendered every row.
  const defaultVisibility = useMemo(
    () => Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [c.id, false])),
    [columns],
  );
  const visibility = prefs?.visibility ?? defaultVisibility;
  const order = prefs?.order ?? NO_ORDER;
  const setUrl = (next: Partial<typeof urlState>) => setUrlState({ ...urlState, ...next });
  const sorting = urlState.sorting.length > 0 ? urlState.sorting : defaultSorting;

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table hands out fresh functions; the compiler skips this component
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: {
      sorting,
      globalFilter: urlState.search,
      columnFilters: urlState.filters,
      columnVisibility: visibility,
      columnOrder: order,
    },
    onSortingChange: (u) => setUrl({ sorting: typeof u === 'function' ? u(sorting) : u }),
    onColumnFiltersChange: (u) => setUrl({ filters: typeof u === 'function' ? u(urlState.filters) : u }),
    onGlobalFilterChange: (v) => setUrl({ search: String(v ?? '') }),
    onColumnVisibilityChange: (u) => savePrefs({ visibility: typeof u === 'function' ? u(visibility) : u, order }),
    onColumnOrderChange: (u) => savePrefs({ visibility, order: typeof u === 'function' ? u(order) : u }),
    globalFilterFn: (row, _id, value: string) => matchesSearch(row, value, columns, zone, t),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getFacetedRowModel: getFacetedRowModel(),
    getFacetedUniqueValues: getFacetedUniqueValues(),
    enableMultiSort: true,
  });

  const shown = table.getRowModel().rows;
  return (
    <div className="space-y-3">
      <div
        className="flex flex-wrap items-center gap-2 print:[&>*:not([data-testid=row-count])]:hidden"
        role="toolbar"
        aria-label={t('toolbar')}
      >
        <label className="sr-only" htmlFor={`${tableId}-search`}>
          {t('searchLabel')}
        </label>
        <input
          id={`${tableId}-search`}
          type="search"
          placeholder={t('searchPlaceholder')}
          defaultValue={urlState.search}
          onChange={(e) => table.setGlobalFilter(e.target.value)}
          className="w-64 rounded-md border border-surface-line px-3 py-1.5 text-sm"
        />
        <FilterPanel table={table} />
        <ColumnPicker table={table} />
        {toolbar}
        <span className="ml-auto text-sm text-ink-muted" data-testid="row-count" aria-live="polite">
          {t('rowCount', { shown: shown.length, total: rows.length })}
        </span>
        <Button disabled={rows.length === 0} onClick={() => setExporting(true)}>
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
          {error ? (
            <p
              role="alert"
              className="rounded-md border border-state-warn bg-state-warn-bg p-2 text-sm text-state-warn"
            >
              {t('refreshFailed', { message: errorText(error) })}
            </p>
          ) : null}
          <TableBody
            rows={shown}
            columns={table.getVisibleLeafColumns()}
            headerGroups={table.getHeaderGroups()}
            sorting={sorting}
            loading={loading}
            empty={rows.length === 0 ? empty : t('noMatch')}
          />
        </>
      )}
      {exporting ? (
        <ExportDialog table={table} name={exportName} zone={zone} onClose={() => setExporting(false)} />
      ) : null}
    </div>
  );
}

/** TanStack's column definitions of the table's columns: shown, filtered and sorted as they say. */
export function columnDefs(columns: readonly TableColumn[], zone: string, t: TableT): ColumnDef<TableRow>[] {
  return columns.map((c) => ({
    id: c.id,
    accessorFn: (row) => c.value(row),
    meta: c,
    cell: (ctx) => (c.render ? c.render(ctx.row.original) : display(c, ctx.getValue(), zone, t)),
    filterFn: filterFor(c, zone, t),
    ...(c.sortingFn ? { sortingFn: c.sortingFn } : {}),
    sortUndefined: 'last',
  }));
}

/**
 * The rows, re-rendered only when what they show changes: the row model, the columns (their
 * definitions, visibility and order), the sort, the loading state. TanStack hands out the same
 * arrays while those stay, so a page's other updates (a query's state, the URL) leave a hundred
 * rows of cells alone instead of rendering them again in one task.
 */
const TableBody = memo(function TableBody({
  rows,
  columns,
  headerGroups,
  loading,
  empty,
}: {
  rows: Row<TableRow>[];
  columns: Column<TableRow, unknown>[];
  headerGroups: HeaderGroup<TableRow>[];
  /** Only for the memo: the headers show the sort. */
  sorting: SortingState;
  loading: boolean;
  empty: string;
}) {
  const t = useTranslations('table');
  const scroller = useRef<HTMLDivElement>(null);
  const span = columns.length;

  return (
    <div
      ref={scroller}
      className="relative max-h-[70vh] overflow-auto rounded-lg border border-surface-line bg-surface print:max-h-none print:overflow-visible print:border-0 print:text-[8pt]"
      tabIndex={0}
      aria-label={t('rowsLabel')}
    >
      <table className="w-full border-collapse text-sm" aria-rowcount={rows.length + 1} aria-busy={loading}>
        <thead>
          {headerGroups.map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <ColumnHeader key={h.id} header={h} />
              ))}
            </tr>
          ))}
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
          ) : rows.length > VIRTUAL_FROM ? (
            // The virtualiser's code loads only for a table this long; until then the first screenful.
            <Suspense fallback={<FirstRows rows={rows} />}>
              <VirtualRows rows={rows} scroller={scroller} />
            </Suspense>
          ) : (
            rows.map((row) => <TableRowView key={row.id} row={row} />)
          )}
        </tbody>
      </table>
    </div>
  );
});

/** A long table's first screenful while its virtualiser loads, the rest's height kept (the scrollbar is right at once). */
function FirstRows({ rows }: { rows: Row<TableRow>[] }) {
  return (
    <>
      {rows.slice(0, FIRST_ROWS).map(tableRow)}
      <tr aria-hidden style={{ height: (rows.length - FIRST_ROWS) * ROW_HEIGHT }} />
    </>
  );
}

function display(c: TableColumn, value: unknown, zone: string, t: TableT): ReactNode {
  const text = formatCell(
    value,
    c.fieldType ??
      (c.kind === 'date' && typeof value === 'number' ? 'timestamp' : c.kind === 'date' ? 'date' : undefined),
    'human',
    zone,
    t,
  );
  return text === null || text === undefined || text === '' ? <span className="text-ink-faint">—</span> : String(text);
}

function filterFor(c: TableColumn, zone: string, t: TableT): FilterFn<TableRow> {
  return (row, id, filter) => {
    const value = row.getValue(id);
    if (c.kind === 'enum' || c.kind === 'boolean')
      return (filter as string[]).includes(value === null || value === undefined ? '' : String(value));
    if (c.kind === 'date') return inRange(dayOf(value, zone), filter as DateRange);
    const text = String(formatCell(value, c.fieldType, 'human', zone, t) ?? '').toLowerCase();
    return text.includes(String(filter).toLowerCase());
  };
}

function matchesSearch(row: Row<TableRow>, value: string, columns: TableColumn[], zone: string, t: TableT): boolean {
  const needle = value.trim().toLowerCase();
  if (!needle) return true;
  return columns.some((c) =>
    String(formatCell(c.value(row.original), c.fieldType, 'human', zone, t) ?? '')
      .toLowerCase()
      .includes(needle),
  );
}
