import { DateTime } from 'luxon';
import type { AppLocale } from '@/lib/i18n/locales';

// The one set of date, time and number formats the app shows (Luxon over Intl, in the school's
// zone and the interface's language). Pages never call toFormat themselves; they take a set from
// `formatsFor(locale)` (or `useFormats()` in the browser).

export interface Formats {
  /** "16 nov" / "16 Nov" for an ISO date. */
  dayMonth(isoDate: string): string;
  /** "ma 16 nov" / "Mon 16 Nov" for an ISO date. */
  weekdayDayMonth(isoDate: string): string;
  /** "ma 16" / "Mon 16" for an ISO date: a day of the week shown (a day tab on a phone). */
  weekdayDay(isoDate: string): string;
  /** "maandag 16 november" / "Monday 16 November" for an ISO date. */
  longDate(isoDate: string): string;
  /** "16 nov – 22 nov 2026" for a window whose end is exclusive. */
  weekRange(start: number, endExclusive: number, zone: string): string;
  /** "10:30" */
  clockTime(unixSeconds: number, zone: string): string;
  /** 10:42:03: when two reads a minute apart must be told apart. */
  clockTimeSeconds(unixSeconds: number, zone: string): string;
  /** "ma 16 nov 2026 10:30" */
  dateTime(unixSeconds: number, zone: string): string;
  /** "1.234" / "1,234" */
  count(n: number): string;
}

const cache = new Map<AppLocale, Formats>();

export function formatsFor(locale: AppLocale): Formats {
  let formats = cache.get(locale);
  if (formats) return formats;
  const at = (unixSeconds: number, zone: string) => DateTime.fromSeconds(unixSeconds, { zone }).setLocale(locale);
  const day = (isoDate: string) => DateTime.fromISO(isoDate).setLocale(locale);
  const numbers = new Intl.NumberFormat(locale);
  formats = {
    dayMonth: (isoDate) => day(isoDate).toFormat('d LLL'),
    weekdayDayMonth: (isoDate) => day(isoDate).toFormat('ccc d LLL'),
    weekdayDay: (isoDate) => day(isoDate).toFormat('ccc d'),
    longDate: (isoDate) => day(isoDate).toFormat('cccc d LLLL'),
    weekRange: (start, endExclusive, zone) =>
      `${at(start, zone).toFormat('d LLL')} – ${at(endExclusive - 1, zone).toFormat('d LLL yyyy')}`,
    clockTime: (unixSeconds, zone) => at(unixSeconds, zone).toFormat('HH:mm'),
    clockTimeSeconds: (unixSeconds, zone) => at(unixSeconds, zone).toFormat('HH:mm:ss'),
    dateTime: (unixSeconds, zone) => at(unixSeconds, zone).toFormat('ccc d LLL yyyy HH:mm'),
    count: (n) => numbers.format(n),
  };
  cache.set(locale, formats);
  return formats;
}

/** "16-11-2026 10:30", the form Dutch spreadsheets read as a date and time (any interface language). */
export const sheetDateTime = (unixSeconds: number, zone: string) =>
  DateTime.fromSeconds(unixSeconds, { zone }).toFormat('dd-MM-yyyy HH:mm');

/** "16-11-2026" for an ISO date; what cannot be read stays as it is. */
export const sheetDate = (isoDate: string) => {
  const d = DateTime.fromISO(isoDate);
  return d.isValid ? d.toFormat('dd-MM-yyyy') : isoDate;
};

/** "2026-11-16T10:30", the value of an `<input type="datetime-local">`. */
export const inputDateTime = (unixSeconds: number, zone: string) =>
  DateTime.fromSeconds(unixSeconds, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

/** "10:30" in any language (files and exports). */
export const plainClockTime = (unixSeconds: number, zone: string) =>
  DateTime.fromSeconds(unixSeconds, { zone }).toFormat('HH:mm');
