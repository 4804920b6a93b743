import { memo, type ReactNode } from 'react';
import type { TableColumn, TableRow } from './types';

export const ROW_HEIGHT = 33;

/** What one cell of a column shows for a record. */
export type CellView = (column: TableColumn, record: TableRow) => ReactNode;

/** One row as a table shows it: its key, and the record it shows. */
export interface ShownRow {
  id: string;
  record: TableRow;
}

/** One row of a data table, as the plain and the virtual body both draw it. */
export function tableRow(row: ShownRow, columns: readonly TableColumn[], cell: CellView) {
  return (
    <tr
      key={row.id}
      className="border-b border-surface-line hover:bg-surface-sunken"
      style={{ height: ROW_HEIGHT }}
      data-row
    >
      {columns.map((c) => (
        <td key={c.id} className="data-cell">
          {cell(c, row.record)}
        </td>
      ))}
    </tr>
  );
}

/**
 * The same row as a component of its own: a table drawn in a transition (the staffing pages' figures
 * follow in one) yields to the browser between rows, not after the whole body. Memoised on the
 * record, so a re-sort or the sorting engine arriving moves rows without drawing them again.
 */
export const TableRowView = memo(
  function TableRowView({ row, columns, cell }: { row: ShownRow; columns: readonly TableColumn[]; cell: CellView }) {
    return tableRow(row, columns, cell);
  },
  (a, b) => a.row.record === b.row.record && a.row.id === b.row.id && a.columns === b.columns && a.cell === b.cell,
);
