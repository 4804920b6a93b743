import { stringify } from 'csv-stringify/sync';

// CSV that opens right in Excel and LibreOffice: RFC 4180 quoting and CRLF (csv-stringify), a
// UTF-8 BOM so Excel reads accents, a choice of delimiter (semicolon for Dutch Excel), and cells
// that would start a formula get a leading apostrophe unless they are real numbers.

import type { Delimiter } from '@/lib/api/contract';

export type { Delimiter };
export type Cell = string | number | boolean | null | undefined;

export interface CsvOptions {
  delimiter?: Delimiter;
  bom?: boolean;
}

export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
/** A formula character right after any list separator: a spreadsheet using that separator starts a cell there. */
const FORMULA_AFTER_SEPARATOR = /([,;\t])(?=[=+\-@\t\r])/g;
/** Cells holding any list separator are quoted, whichever delimiter this file uses (Dutch Excel reads `;`). */
const NEEDS_QUOTES = /["\r\n,;\t]/;

/**
 * A cell as text, defused against formula injection (OWASP): numbers stay numbers. The guard also
 * applies after every `,` `;` and tab, so a reader splitting on another delimiter sees no formula.
 */
export function safeCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return guarded.replace(FORMULA_AFTER_SEPARATOR, "$1'");
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  { delimiter = ',', bom = true }: CsvOptions = {},
): string {
  return (bom ? BOM : '') + csvLines([header, ...rows], delimiter);
}

/** Rows as CSV lines (each ending in CRLF), no header or BOM: for streaming a chunk at a time. */
export function csvLines(rows: readonly (readonly Cell[])[], delimiter: Delimiter = ','): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((r) => r.map(safeCell)),
    { delimiter, record_delimiter: '\r\n', quoted_match: NEEDS_QUOTES },
  );
}
