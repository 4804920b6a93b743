'use client';

import {
  getCoreRowModel,
  getFacetedRowModel,
  getFacetedUniqueValues,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type Row,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { useLayoutEffect, useMemo } from 'react';
import { formatCell, type TableT } from '@/lib/csv/format';
import { dayOf, inRange, type DateRange, type TableUrlState } from '@/lib/data-table/table-state';
import type { TableColumn, TableRow } from './types';

export { ColumnList } from './column-list';
export { FilterFields } from './filter-fields';

// The table's sorting, search, filters and facets (TanStack Table, about 14 KB): loaded when a
// person reaches for the table or its address asks for a sort or a filter, never before a table's
// first view (docs/decisions/0003-table-engine-on-intent.md). It draws no rows: the table's one
// view (`data-table.tsx`) shows the rows this hands it, in the order and selection it computed.
// The toolbar's two panels (filters, columns) come with it: they are reached for the same way.

/** What the engine hands the view: the table (for filters and facets) and the rows to show. */
export interface EngineModel {
  table: Table<TableRow>;
  rows: Row<TableRow>[];
}

/** A header clicked before the engine had arrived: done once it is here. */
export interface PendingSort {
  id: string;
  multi: boolean;
}

export function TableEngine({
  rows,
  columns,
  zone,
  t,
  state,
  sorting,
  onState,
  onModel,
  pendingSort,
  onPendingDone,
}: {
  rows: TableRow[];
  columns: readonly TableColumn[];
  zone: string;
  t: TableT;
  state: TableUrlState;
  /** The sort in force: the address's, or the table's default order. */
  sorting: SortingState;
  onState: (next: Partial<TableUrlState>) => void;
  onModel: (model: EngineModel) => void;
  pendingSort: PendingSort | null;
  onPendingDone: () => void;
}) {
  const defs = useMemo(() => columnDefs(columns, zone, t), [columns, zone, t]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table hands out fresh functions; the compiler skips this component
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting, globalFilter: state.search, columnFilters: state.filters },
    onSortingChange: (u) => onState({ sorting: typeof u === 'function' ? u(sorting) : u }),
    onColumnFiltersChange: (u) => onState({ filters: typeof u === 'function' ? u(state.filters) : u }),
    onGlobalFilterChange: (v) => onState({ search: String(v ?? '') }),
    globalFilterFn: (row, _id, value: string) => matchesSearch(row, value, columns, zone, t),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getFacetedRowModel: getFacetedRowModel(),
    getFacetedUniqueValues: getFacetedUniqueValues(),
    enableMultiSort: true,
  });
  const shown = table.getRowModel().rows;
  // Before the browser paints: the view never shows a frame of rows the state no longer selects.
  useLayoutEffect(() => onModel({ table, rows: shown }), [table, shown, onModel]);
  useLayoutEffect(() => {
    if (!pendingSort) return;
    table.getColumn(pendingSort.id)?.toggleSorting(undefined, pendingSort.multi);
    onPendingDone();
  }, [table, pendingSort, onPendingDone]);
  return null;
}

/** TanStack's column definitions of the table's columns: filtered and sorted as they say. */
export function columnDefs(columns: readonly TableColumn[], zone: string, t: TableT): ColumnDef<TableRow>[] {
  return columns.map((c) => ({
    id: c.id,
    accessorFn: (row) => c.value(row),
    meta: c,
    filterFn: filterFor(c, zone, t),
    ...(c.sortingFn ? { sortingFn: c.sortingFn } : {}),
    sortUndefined: 'last',
  }));
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

function matchesSearch(
  row: Row<TableRow>,
  value: string,
  columns: readonly TableColumn[],
  zone: string,
  t: TableT,
): boolean {
  const needle = value.trim().toLowerCase();
  if (!needle) return true;
  return columns.some((c) =>
    String(formatCell(c.value(row.original), c.fieldType, 'human', zone, t) ?? '')
      .toLowerCase()
      .includes(needle),
  );
}
