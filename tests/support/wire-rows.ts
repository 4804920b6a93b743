import type { ResourceName } from '@/lib/partner-api/catalog';
import type { CatalogRecord } from '@/lib/partner-api/records';

/**
 * Rows as a portal may send them, before the boundary schemas read them (numbers as text, nulls in
 * lists, unknown types): handed to a pure module as records, to show it stays lenient with what
 * the types say cannot come.
 */
export const wireRows = <R extends ResourceName>(_resource: R, rows: readonly object[]) =>
  rows as unknown as CatalogRecord<R>[];

export const wireRow = <R extends ResourceName>(resource: R, row: object) => wireRows(resource, [row])[0]!;
