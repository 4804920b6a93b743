import type { MatrixColumn } from '@/lib/timetable/overview/matrix';

// The overview grid's fixed sizes: rows and headers are never sized from their content.

export const HEADER_REM = 2.75;

export interface GridSize {
  narrow: boolean;
  /** Height of one row in pixels. */
  rowPx: number;
  /** Width of the row headers (code and name). */
  headerRem: number;
}

/**
 * A row is two lines of codes, its header the code and the name beside it. On a phone (one day,
 * ten columns) the header is wider and rows a line taller: the code above the whole name, which
 * wraps rather than being cut off.
 */
export const gridSize = (narrow: boolean): GridSize =>
  narrow ? { narrow, rowPx: 44, headerRem: 6.5 } : { narrow, rowPx: 30, headerRem: 5.5 };

/**
 * Fixed tracks (a share of the width each, the extra column 0.7 of a period): no track is sized
 * from its content, so a row's layout never measures its codes.
 */
export function columnTemplate(columns: readonly MatrixColumn[], headerRem: number): string {
  const weight = (c: MatrixColumn) => (c.period === null ? 0.7 : 1);
  const total = columns.reduce((n, c) => n + weight(c), 0);
  return [
    `${headerRem}rem`,
    ...columns.map((c) => `calc((100% - ${headerRem}rem) * ${(weight(c) / total).toFixed(5)})`),
  ].join(' ');
}
