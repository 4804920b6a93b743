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
  /** "16 nov 2026" / "16 Nov 2026" for an ISO date: a day that may lie in another year (a token's expiry). */
  date(isoDate: string): string;
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
    date: (isoDate) => day(isoDate).toFormat('d LLL yyyy'),
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

/** The slow way, for what the quick one does not take (an offset changing within the hour, a year past 9999). */
const sheetDateTimeByLuxon = (unixSeconds: number, zone: string) =>
  DateTime.fromSeconds(unixSeconds, { zone }).toFormat('dd-MM-yyyy HH:mm');

/** Zone offsets (minutes) at the start of each hour asked about, per zone; cleared when it grows large. */
const hourOffsets = new Map<string, Map<number, number | null>>();
const HOUR = 3600;

/** The zone's offset at an hour's start, or null for a zone luxon cannot read. */
function offsetAtHour(zone: string, hour: number): number | null {
  let offsets = hourOffsets.get(zone);
  if (!offsets) hourOffsets.set(zone, (offsets = new Map()));
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    const at = DateTime.fromSeconds(hour * HOUR, { zone });
    offset = at.isValid ? at.offset : null;
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * An instant in the zone as whole days since 1970-01-01 (local) and the seconds into that day,
 * from the zone's offset looked up once per hour: where the offset is the same from the hour
 * before to the hour after, no switch is near and the day is reckoned from it. null near a switch
 * (or for a zone luxon cannot read): the caller asks luxon, as it always did.
 */
export function localTime(unixSeconds: number, zone: string): { days: number; seconds: number } | null {
  if (!Number.isFinite(unixSeconds)) return null;
  const hour = Math.floor(unixSeconds / HOUR);
  const offset = offsetAtHour(zone, hour);
  if (offset === null || offsetAtHour(zone, hour + 1) !== offset || offsetAtHour(zone, hour - 1) !== offset)
    return null;
  const local = unixSeconds + offset * 60;
  const days = Math.floor(local / 86_400);
  return { days, seconds: local - days * 86_400 };
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * "16-11-2026 10:30", the form Dutch spreadsheets read as a date and time (any interface language).
 * An export writes three a row, so the date is reckoned from the zone's offset (`localTime`); near
 * a DST switch, and past the year 9999, luxon writes it, as it wrote every one before.
 */
export function sheetDateTime(unixSeconds: number, zone: string): string {
  const local = localTime(unixSeconds, zone);
  if (!local) return sheetDateTimeByLuxon(unixSeconds, zone);
  const { days, seconds } = local;
  // The civil date of a day count (Howard Hinnant's days_from_civil, inverted).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1000 || year > 9999) return sheetDateTimeByLuxon(unixSeconds, zone);
  return `${two(day)}-${two(month)}-${year} ${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}`;
}

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
