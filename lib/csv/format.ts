import type { useTranslations } from 'next-intl';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import type { Cell } from './csv';
import { sheetDate, sheetDateTime } from '@/lib/format/dates';

// One way to turn a partner value into a CSV cell, for the page and the streamed export alike.
// "human": local dates and times in the school's zone, lists joined, yes/no in the interface's
// language. "raw": the wire value.

export type CellFormat = 'human' | 'raw';

/** The `table` messages (from `useTranslations('table')` or `getTranslations('table')`). */
export type TableT = ReturnType<typeof useTranslations<'table'>>;

/**
 * A value as a cell. `t` gives the words for yes and no in "human" form; without it (benchmarks,
 * scripts) they stay English.
 */
export function formatCell(
  value: unknown,
  type: FieldType | undefined,
  format: CellFormat,
  zone: string,
  t?: TableT,
): Cell {
  if (value === null || value === undefined) return null;
  if (format === 'raw') {
    if (typeof value === 'object') return JSON.stringify(value);
    return value as Cell;
  }
  if (type === 'timestamp' && typeof value === 'number') return sheetDateTime(value, zone);
  if (type === 'date' && typeof value === 'string') return sheetDate(value);
  if (typeof value === 'boolean') return t ? t(value ? 'values.yes' : 'values.no') : value ? 'yes' : 'no';
  if (Array.isArray(value))
    return value
      .map((v) =>
        typeof v === 'object' && v !== null
          ? 'code' in v
            ? String((v as { code: unknown }).code)
            : JSON.stringify(v)
          : String(v),
      )
      .join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as Cell;
}
