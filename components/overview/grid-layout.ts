import type { MatrixColumn } from '@/lib/overview/matrix';

// The overview grid's fixed sizes: rows and headers are never sized from their content.

/** Height of one row in pixels (two lines of codes); the CSS below uses the same. */
export const ROW_PX = 30;
export const HEADER_REM = 2.75;
export const ROW_HEADER_REM = 5.5;

/**
 * Fixed tracks (a share of the width each, the extra column 0.7 of a period): no track is sized
 * from its content, so a row's layout never measures its codes.
 */
export function columnTemplate(columns: readonly MatrixColumn[]): string {
  const weight = (c: MatrixColumn) => (c.period === null ? 0.7 : 1);
  const total = columns.reduce((n, c) => n + weight(c), 0);
  return [
    `${ROW_HEADER_REM}rem`,
    ...columns.map((c) => `calc((100% - ${ROW_HEADER_REM}rem) * ${(weight(c) / total).toFixed(5)})`),
  ].join(' ');
}
