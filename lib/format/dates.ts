import {
  civilFromDays,
  daysOfIsoDate,
  localAt,
  pad,
  splitLocal,
  weekdayOfDays,
  zoneOffset,
} from '@/lib/partner-api/calendar';
import type { AppLocale } from '@/lib/i18n/locales';

// The one set of date, time and number formats the app shows: Intl's names in the interface's
// language, times in the school's zone (`lib/partner-api/calendar.ts`), written as luxon wrote
// them before. Pages never format dates themselves; they take a set from `formatsFor(locale)`
// (or `useFormats()` in the browser).

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

/** Month and weekday names of a language, as luxon took them from Intl (or its own English). */
interface Names {
  monthsShort: string[];
  monthsLong: string[];
  weekdaysShort: string[];
  weekdaysLong: string[];
}

const ENGLISH: Names = {
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  monthsLong: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  weekdaysShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  weekdaysLong: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

/** One field of a date as Intl writes it alone (a standalone name: "nov", "ma"), in UTC. */
function standalone(locale: string, field: 'month' | 'weekday', length: 'short' | 'long', dates: number[]): string[] {
  const format = new Intl.DateTimeFormat(locale, { [field]: length, timeZone: 'UTC' });
  return dates.map((t) => format.formatToParts(t).find((p) => p.type === field)?.value ?? '');
}

const namesCache = new Map<string, Names>();

/**
 * The names a language shows: English from the table luxon kept (whatever the runtime's Intl
 * says), any other language from Intl's standalone month and weekday, the way luxon asked for
 * them ('LLL', 'LLLL', 'ccc', 'cccc'), so the strings stay what they were.
 */
export function namesOf(locale: string): Names {
  let names = namesCache.get(locale);
  if (names) return names;
  if (locale === 'en' || locale.toLowerCase() === 'en-us') names = ENGLISH;
  else {
    const months = Array.from({ length: 12 }, (_, i) => Date.UTC(2009, i, 1));
    // 14 to 20 November 2016: Monday to Sunday.
    const weekdays = Array.from({ length: 7 }, (_, i) => Date.UTC(2016, 10, 14 + i));
    names = {
      monthsShort: standalone(locale, 'month', 'short', months),
      monthsLong: standalone(locale, 'month', 'long', months),
      weekdaysShort: standalone(locale, 'weekday', 'short', weekdays),
      weekdaysLong: standalone(locale, 'weekday', 'long', weekdays),
    };
  }
  namesCache.set(locale, names);
  return names;
}

/** A day's parts for writing: from a day count and (for an instant) the seconds into the day. */
interface Shown {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

function shown(days: number, seconds = 0): Shown {
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    weekday: weekdayOfDays(days),
    hour: Math.floor(seconds / 3600),
    minute: Math.floor((seconds % 3600) / 60),
    second: Math.floor(seconds % 60),
  };
}

/** What luxon wrote for a date or instant it could not read. */
const INVALID = 'Invalid DateTime';

/** An instant's parts in the zone; null for a zone Intl does not know. */
function shownAt(unixSeconds: number, zone: string): Shown | null {
  const local = localAt(unixSeconds, zone);
  return local ? shown(local.days, local.seconds) : null;
}

/** An instant written in the zone. */
function writeAt(unixSeconds: number, zone: string, write: (d: Shown) => string): string {
  const d = shownAt(unixSeconds, zone);
  return d ? write(d) : INVALID;
}

/** An ISO date's parts (luxon read `YYYY-MM-DD` and longer ISO forms; the app passes the first). */
function shownDay(isoDate: string): Shown | null {
  const days = daysOfIsoDate(isoDate.length > 10 && isoDate[10] === 'T' ? isoDate.slice(0, 10) : isoDate);
  return days === undefined ? null : shown(days);
}

const cache = new Map<AppLocale, Formats>();

export function formatsFor(locale: AppLocale): Formats {
  let formats = cache.get(locale);
  if (formats) return formats;
  const names = namesOf(locale);
  const dayMonth = (d: Shown) => `${d.day} ${names.monthsShort[d.month - 1]}`;
  const year = (d: Shown) => pad(d.year, 4);
  const hm = (d: Shown) => `${pad(d.hour)}:${pad(d.minute)}`;
  const day = (isoDate: string, write: (d: Shown) => string) => {
    const d = shownDay(isoDate);
    return d ? write(d) : INVALID;
  };
  const at = writeAt;
  const numbers = new Intl.NumberFormat(locale);
  formats = {
    dayMonth: (isoDate) => day(isoDate, dayMonth),
    weekdayDayMonth: (isoDate) => day(isoDate, (d) => `${names.weekdaysShort[d.weekday - 1]} ${dayMonth(d)}`),
    weekdayDay: (isoDate) => day(isoDate, (d) => `${names.weekdaysShort[d.weekday - 1]} ${d.day}`),
    date: (isoDate) => day(isoDate, (d) => `${dayMonth(d)} ${year(d)}`),
    longDate: (isoDate) =>
      day(isoDate, (d) => `${names.weekdaysLong[d.weekday - 1]} ${d.day} ${names.monthsLong[d.month - 1]}`),
    weekRange: (start, endExclusive, zone) =>
      `${at(start, zone, dayMonth)} – ${at(endExclusive - 1, zone, (d) => `${dayMonth(d)} ${year(d)}`)}`,
    clockTime: (unixSeconds, zone) => at(unixSeconds, zone, hm),
    clockTimeSeconds: (unixSeconds, zone) => at(unixSeconds, zone, (d) => `${hm(d)}:${pad(d.second)}`),
    dateTime: (unixSeconds, zone) =>
      at(unixSeconds, zone, (d) => `${names.weekdaysShort[d.weekday - 1]} ${dayMonth(d)} ${year(d)} ${hm(d)}`),
    count: (n) => numbers.format(n),
  };
  cache.set(locale, formats);
  return formats;
}

/** "ma" / "Mon": a weekday's short name (1 = Monday). */
export const shortWeekday = (weekday: number, locale: string): string =>
  namesOf(locale).weekdaysShort[weekday - 1] ?? '';

/** "maandag" / "Monday": a weekday's name (1 = Monday). */
export const longWeekday = (weekday: number, locale: string): string => namesOf(locale).weekdaysLong[weekday - 1] ?? '';

/** The slow way, for what the quick one does not take (an offset changing within the hour, a year past 9999). */
const sheetDateTimeExact = (unixSeconds: number, zone: string): string =>
  writeAt(unixSeconds, zone, (d) => `${pad(d.day)}-${pad(d.month)}-${pad(d.year, 4)} ${pad(d.hour)}:${pad(d.minute)}`);

/** Zone offsets (minutes) at the start of each hour asked about, per zone; cleared when it grows large. */
const hourOffsets = new Map<string, Map<number, number | null>>();
const HOUR = 3600;

/** The zone's offset at an hour's start, or null for a zone Intl does not know. */
function offsetAtHour(zone: string, hour: number): number | null {
  let offsets = hourOffsets.get(zone);
  if (!offsets) hourOffsets.set(zone, (offsets = new Map()));
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    const at = zoneOffset(hour * HOUR, zone);
    offset = Number.isFinite(at) ? at : null;
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * An instant in the zone as whole days since 1970-01-01 (local) and the seconds into that day,
 * from the zone's offset looked up once per hour: where the offset is the same from the hour
 * before to the hour after, no switch is near and the day is reckoned from it. null near a switch
 * (or for a zone Intl does not know): the caller reads the instant's own offset.
 */
export function localTime(unixSeconds: number, zone: string): { days: number; seconds: number } | null {
  if (!Number.isFinite(unixSeconds)) return null;
  const hour = Math.floor(unixSeconds / HOUR);
  const offset = offsetAtHour(zone, hour);
  if (offset === null || offsetAtHour(zone, hour + 1) !== offset || offsetAtHour(zone, hour - 1) !== offset)
    return null;
  return splitLocal(unixSeconds + Math.round(offset * 60));
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * "16-11-2026 10:30", the form Dutch spreadsheets read as a date and time (any interface language).
 * An export writes three a row, so the date is reckoned from the zone's offset (`localTime`); near
 * a DST switch, and past the year 9999, it is read with the instant's own offset.
 */
export function sheetDateTime(unixSeconds: number, zone: string): string {
  const local = localTime(unixSeconds, zone);
  if (!local) return sheetDateTimeExact(unixSeconds, zone);
  const { days, seconds } = local;
  const { year, month, day } = civilFromDays(days);
  if (year < 1000 || year > 9999) return sheetDateTimeExact(unixSeconds, zone);
  return `${two(day)}-${two(month)}-${year} ${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}`;
}

/** "16-11-2026" for an ISO date; what cannot be read stays as it is. */
export const sheetDate = (isoDate: string) => {
  const d = shownDay(isoDate);
  return d ? `${pad(d.day)}-${pad(d.month)}-${pad(d.year, 4)}` : isoDate;
};

/** "2026-11-16T10:30", the value of an `<input type="datetime-local">`. */
export const inputDateTime = (unixSeconds: number, zone: string) =>
  writeAt(unixSeconds, zone, (d) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}`);

/** "10:30" in any language (files and exports). */
export const plainClockTime = (unixSeconds: number, zone: string) =>
  writeAt(unixSeconds, zone, (d) => `${pad(d.hour)}:${pad(d.minute)}`);
