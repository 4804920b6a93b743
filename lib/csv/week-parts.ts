import { DateTime } from 'luxon';
import { formatIsoWeek, weekOf, weekStart } from '@/lib/partner-api/values';

// How a long appointments export is cut: one part per ISO week, the first and last cut at the range.

export interface ExportPart {
  label: string;
  start?: number;
  end?: number;
}

/** Week windows covering [from, to] (ISO dates, inclusive) in the zone, cut at both ends. */
export function weekParts(from: string, to: string, zone: string): ExportPart[] {
  const first = DateTime.fromISO(from, { zone }).startOf('day').toUnixInteger();
  const last = DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day').toUnixInteger();
  const parts: ExportPart[] = [];
  let week = weekOf(first, zone);
  for (;;) {
    const start = weekStart(week, zone).toUnixInteger();
    if (start >= last) break;
    const end = weekStart(week, zone).plus({ weeks: 1 }).toUnixInteger();
    parts.push({ label: formatIsoWeek(week), start: Math.max(start, first), end: Math.min(end, last) });
    week = weekOf(end, zone);
  }
  return parts;
}
