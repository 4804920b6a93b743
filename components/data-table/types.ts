import type { SortingFn } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import type { FilterKind } from '@/lib/data-table/table-state';

export type TableRow = Record<string, unknown>;

/** One column: what it is called, how to filter it, and how to show and export its value. */
export interface TableColumn {
  id: string;
  /** The header people read, in the interface's language (a portal field keeps its name). */
  label: string;
  kind: FilterKind;
  /** The spec's type, for formatting dates and lists in exports. */
  fieldType?: FieldType;
  /** The portal makes no stability promise for this field. */
  unsupported?: boolean;
  /** Left out of view until picked in the column picker. */
  hiddenByDefault?: boolean;
  value: (row: TableRow) => unknown;
  render?: (row: TableRow) => ReactNode;
  /** How the column sorts when not by its shown value (names: by surname without prefix). */
  sortingFn?: SortingFn<TableRow>;
}
