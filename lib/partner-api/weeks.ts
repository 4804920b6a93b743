import {
  dayStartOfDays,
  isoDateOfDays,
  isoWeekOfDays,
  localAt,
  mondayOfIsoWeek,
  weeksInIsoYear,
  type IsoWeek,
} from './calendar';

// ISO weeks as the app names and reckons them: the URL's `2026-W47`, the wire's `202647`, a week's
// days and its window of instants in a zone. Pure, and without date-fns: the pages that only need
// weeks (the staffing pages, the week picker) import this, not values.ts.

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

export type { IsoWeek };

/** Reads `YYYYWW` (the wire form), `YYYY-Www` or `YYYYWww`; `undefined` if not a real ISO week. */
export function parseWeek(value: unknown): IsoWeek | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const match = /^(\d{4})-?W?(\d{2})$/i.exec(String(value).trim());
  if (!match) return undefined;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (week < 1 || week > weeksInYear(year)) return undefined;
  return { year, week };
}

/** The wire form `YYYYWW`, e.g. `202604`. */
export function formatWireWeek({ year, week }: IsoWeek): string {
  // The year padded too: week 19 of year 746 is `074619`, which parseWeek reads back.
  return `${String(year).padStart(4, '0')}${String(week).padStart(2, '0')}`;
}

/** The URL form `YYYY-Www`, e.g. `2026-W04`. */
export function formatIsoWeek({ year, week }: IsoWeek): string {
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const weeksInYear = (year: number): number => weeksInIsoYear(year);

/** The ISO date of the week's Monday (a week's days are the same in every zone). */
export const mondayOf = (week: IsoWeek): string => isoDateOfDays(mondayOfIsoWeek(week));

/** The week's days, Monday to Sunday (ISO dates). */
export function weekDays(week: IsoWeek): { from: string; to: string } {
  const monday = mondayOfIsoWeek(week);
  return { from: isoDateOfDays(monday), to: isoDateOfDays(monday + 6) };
}

/**
 * The week as a half-open window of Unix seconds, [Monday 00:00, next Monday 00:00) in `zone`.
 * Across a DST switch the window is 167 or 169 hours long.
 */
export function weekWindow(week: IsoWeek, zone = DEFAULT_TIME_ZONE): { start: number; end: number } {
  const monday = mondayOfIsoWeek(week);
  return { start: dayStartOfDays(monday, zone), end: dayStartOfDays(monday + 7, zone) };
}

/** The ISO week an instant (Unix seconds) falls in, seen in `zone`. */
export function weekOf(unixSeconds: number, zone = DEFAULT_TIME_ZONE): IsoWeek {
  const local = localAt(unixSeconds, zone);
  return local ? isoWeekOfDays(local.days) : { year: NaN, week: NaN };
}

/** The week `delta` weeks after `week` (a week's days are the same in every zone). */
export function addWeeks(week: IsoWeek, delta: number): IsoWeek {
  return isoWeekOfDays(mondayOfIsoWeek(week) + delta * 7);
}

/** This week in `zone`, by the machine's clock. */
export function currentWeek(zone = DEFAULT_TIME_ZONE): IsoWeek {
  return weekOf(Date.now() / 1000, zone);
}
