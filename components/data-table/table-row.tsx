import type { Row } from '@tanstack/react-table';
import { memo } from 'react';
import type { TableRow } from './types';

export const ROW_HEIGHT = 33;

/** One row of a data table, as the plain and the virtual body both draw it. */
export function tableRow(row: Row<TableRow>) {
  return (
    <tr
      key={row.id}
      className="border-b border-surface-line hover:bg-surface-sunken"
      style={{ height: ROW_HEIGHT }}
      data-row
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          className="max-w-[24rem] truncate px-2 py-1 print:max-w-none print:whitespace-normal print:px-1 print:py-0"
        >
          {cell.column.columnDef.cell && typeof cell.column.columnDef.cell === 'function'
            ? cell.column.columnDef.cell(cell.getContext())
            : String(cell.getValue() ?? '')}
        </td>
      ))}
    </tr>
  );
}

/**
 * The same row as a component of its own: a table drawn in a transition (the staffing pages' figures
 * follow in one) yields to the browser between rows, not after the whole body.
 */
export const TableRowView = memo(function TableRowView({ row }: { row: Row<TableRow> }) {
  return tableRow(row);
});
