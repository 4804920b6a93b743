import { dayEnd, dayStart } from '@/lib/partner-api/calendar';
import { formatIsoWeek, weekOf, weekWindow } from '@/lib/partner-api/values';

// How a long appointments export is cut: one part per ISO week, the first and last cut at the range.

export interface ExportPart {
  label: string;
  start?: number;
  end?: number;
}

/** Week windows covering [from, to] (ISO dates, inclusive) in the zone, cut at both ends. */
export function weekParts(from: string, to: string, zone: string): ExportPart[] {
  const first = dayStart(from, zone);
  const last = dayEnd(to, zone);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return [];
  const parts: ExportPart[] = [];
  let week = weekOf(first, zone);
  for (;;) {
    const { start, end } = weekWindow(week, zone);
    if (start >= last) break;
    parts.push({ label: formatIsoWeek(week), start: Math.max(start, first), end: Math.min(end, last) });
    week = weekOf(end, zone);
  }
  return parts;
}
