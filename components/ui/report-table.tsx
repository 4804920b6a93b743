import type { ReactNode } from 'react';
import type { Cell } from '@/lib/csv/csv';
import { CsvButton } from './csv-button';
import { Table, TableCell, TableHead } from './table';

// A report's table drawn on the server (figures a person reads beside a chart), with its CSV: each
// column says its heading, what a row shows and what the file holds (the figure unrounded, no
// words around it), so the screen, the print and the file cannot disagree.

export interface ReportColumn<R> {
  label: string;
  /** What the row shows. */
  cell: (row: R) => ReactNode;
  /** What the CSV holds for the row (none: the column is left out of the file). */
  csv?: (row: R) => Cell;
  /** Figures: right-aligned. */
  figure?: boolean;
}

/**
 * A column of one figure: shown in its format (`—` where there is none), in the CSV unrounded,
 * right-aligned.
 */
export function figureColumn<R>(
  label: string,
  value: (row: R) => number | null,
  show: (n: number) => string,
): ReportColumn<R> {
  return {
    label,
    cell: (r) => {
      const n = value(r);
      return n === null ? '—' : show(n);
    },
    csv: (r) => value(r) ?? '',
    figure: true,
  };
}

export function ReportTable<R>({
  label,
  columns,
  rows,
  rowKey,
  csv,
  testId,
  rowProps,
}: {
  /** The table's name for a screen reader (its region scrolls on its own). */
  label: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The CSV's button label and file name (without `.csv`). */
  csv: { label: string; file: string };
  testId?: string;
  rowProps?: (row: R) => Record<string, string | number>;
}) {
  const inFile = columns.filter((c) => c.csv);
  return (
    <div className="min-w-0 max-w-full space-y-1">
      {/* Scrolls on its own: reachable by keyboard (tab to it, then the arrow keys), named for a screen reader. */}
      <div
        className="max-h-[70vh] overflow-auto print:max-h-none print:overflow-visible"
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <Table data-testid={testId} className="w-auto tabular-nums">
          <thead className="sticky top-0 bg-surface">
            <tr className="border-b border-surface-line">
              {columns.map((c, i) => (
                <TableHead
                  key={c.label}
                  pad={i === columns.length - 1 ? 'end' : 'default'}
                  className={c.figure ? 'text-right' : ''}
                >
                  {c.label}
                </TableHead>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)} className="border-b border-surface-line last:border-b-0" {...rowProps?.(r)}>
                {columns.map((c, i) => (
                  <TableCell
                    key={c.label}
                    pad={i === columns.length - 1 ? 'end' : 'default'}
                    className={c.figure ? 'text-right' : ''}
                  >
                    {c.cell(r)}
                  </TableCell>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <CsvButton
        label={csv.label}
        fileName={`${csv.file}.csv`}
        header={inFile.map((c) => c.label)}
        rows={rows.map((r) => inFile.map((c) => c.csv!(r)))}
      />
    </div>
  );
}
