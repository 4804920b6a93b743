import type { Cell } from '@/lib/csv/csv';
import { formatCell, type CellFormat, type TableT } from '@/lib/csv/format';
import type { TableColumn, TableRow } from './types';

/**
 * A table as CSV header and cells: the columns' headers as people read them (in the interface's
 * language; portal fields keep their names), and each value "for people" or raw.
 */
export function tableCsv(
  columns: readonly TableColumn[],
  rows: readonly TableRow[],
  format: CellFormat,
  zone: string,
  t: TableT,
): { header: string[]; cells: Cell[][] } {
  return {
    header: columns.map((c) => c.label),
    cells: rows.map((row) =>
      columns.map((c) =>
        formatCell(c.value(row), c.fieldType ?? (c.kind === 'date' ? 'timestamp' : undefined), format, zone, t),
      ),
    ),
  };
}
