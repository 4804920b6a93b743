import type { SortingFn } from '@tanstack/react-table';
import type { useTranslations } from 'next-intl';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { ownValue } from '@/lib/partner-api/records';
import { compareSortKeys } from '@/lib/people/names';
import type { Formats } from '@/lib/format/dates';

// What the staff tables' columns share (contract-columns.ts, absence-columns.ts, the load and
// cost tables), their headers in the interface's language. The name shows as "Alisa de Bruijn"
// and sorts the Dutch way: by surname without its prefix, so `de Bruijn` sorts under B (the row
// carries the sort key beside the name).

/** The `staff` messages. */
export type StaffT = ReturnType<typeof useTranslations<'staffing'>>;

/** The row field holding the name's sort key (from `nameSortKey`). */
export const NAME_SORT_KEY = '_nameSort';

/** Sorts rows by their name's sort key: surname without prefix, then first name, then prefix. */
export const byNameSortKey: SortingFn<TableRow> = (a, b) =>
  compareSortKeys(String(a.original[NAME_SORT_KEY] ?? ''), String(b.original[NAME_SORT_KEY] ?? ''));

/**
 * A figure's column: shown in the interface's number format (14,5 and 2.160 in Dutch, as every
 * figure of the app), exported as the plain number.
 */
export function figureColumn(id: string, label: string, f: Formats, opts: Partial<TableColumn> = {}): TableColumn {
  return {
    id,
    label,
    kind: 'number',
    value: (r) => r[id],
    render: (r) => {
      const v = ownValue(r, id);
      return typeof v === 'number' ? f.count(v) : v === null || v === undefined ? '—' : String(v);
    },
    ...opts,
  };
}

/** The name column: the name from its parts, sorted the Dutch way. */
export function nameColumn(t: StaffT): TableColumn {
  return { id: '_name', label: t('columns.name'), kind: 'text', value: (r) => r._name, sortingFn: byNameSortKey };
}
