import type { ReactNode } from 'react';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import type { FilterKind } from '@/lib/data-table/table-state';

export type TableRow = Record<string, unknown>;

/** One column: what it is called, how to filter it, and how to show and export its value. */
export interface TableColumn {
  id: string;
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
}
