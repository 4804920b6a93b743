import { civilFromDays, daysOfIsoDate, splitLocal, zoneOffset } from '@/lib/partner-api/calendar';
import type { AppLocale } from '@/lib/i18n/locales';

// The one set of date, time and number formats the app shows. Intl writes them: the school's zone
// (DST included) and the interface language's month and weekday names come from
// `Intl.DateTimeFormat`; only the order is the app's own, day first as Dutch and British readers
// write ("ma 16 nov 2026 10:30", never "Mon, Nov 16"). Pages never format dates themselves; they
// take a set from `formatsFor(locale)` (or `useFormats()` in the browser).

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
  /** Clock hours to one decimal: "1.234,5" / "1,234.5". */
  hours(n: number): string;
  /** A share as a percentage to one decimal: "3,2%" / "3.2%". */
  percent(share: number): string;
}

type Part = 'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second';
type Parts = Record<Part, string>;

/** Formatters by their options (each a constant below), then language and zone. */
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat | null>>();

/** One formatter per language, zone and set of fields, kept (building one costs far more than using it); null for a zone Intl does not know. */
function formatter(locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  let byPlace = formatters.get(options);
  if (!byPlace) formatters.set(options, (byPlace = new Map()));
  const key = `${locale}|${zone}`;
  let format = byPlace.get(key);
  if (format === undefined) {
    if (byPlace.size > 1000) byPlace.clear(); // zones come from settings: bounded, but never trusted to be
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    } catch {
      format = null;
    }
    byPlace.set(key, format);
  }
  return format;
}

/** The fields Intl writes for an instant (milliseconds), by name; null when it cannot be written. */
function partsAt(locale: string, zone: string, options: Intl.DateTimeFormatOptions, ms: number): Parts | null {
  const format = formatter(locale, zone, options);
  if (!format || !Number.isFinite(ms)) return null;
  const parts = { weekday: '', day: '', month: '', year: '', hour: '', minute: '', second: '' };
  for (const { type, value } of format.formatToParts(ms)) if (type in parts) parts[type as Part] = value;
  return parts;
}

const SHORT_DAY = { day: 'numeric', month: 'short' } as const;
const WITH_YEAR = { ...SHORT_DAY, year: 'numeric' } as const;
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
/** Digits only, whatever the language: spreadsheets and form values. */
const DIGITS = { year: 'numeric', month: '2-digit', day: '2-digit', ...CLOCK } as const;
const DIGITS_LOCALE = 'en-US';
const WEEKDAY_DAY_MONTH = { weekday: 'short', ...SHORT_DAY } as const;
const WEEKDAY_DAY = { weekday: 'short', day: 'numeric' } as const;
const LONG_DATE = { weekday: 'long', day: 'numeric', month: 'long' } as const;
const CLOCK_SECONDS = { ...CLOCK, second: '2-digit' } as const;
const DATE_TIME = { weekday: 'short', ...WITH_YEAR, ...CLOCK } as const;
const WEEKDAY_NAME = { short: { weekday: 'short' }, long: { weekday: 'long' } } as const;

/** Shown for an instant that cannot be written (not a number, a zone Intl does not know). */
export const UNREADABLE_TIME = '—';

/** A school year by its first calendar year, as schools write it: 2026 → "2026-2027". */
export const schoolYearName = (year: number) => `${year}-${year + 1}`;

/** An ISO date (`YYYY-MM-DD`, or a longer ISO form) as the instant of its start in UTC, where Intl reads its fields. */
function isoDateMs(isoDate: string): number {
  const days = daysOfIsoDate(isoDate.length > 10 && isoDate[10] === 'T' ? isoDate.slice(0, 10) : isoDate);
  return days === undefined ? NaN : days * 86_400_000;
}

const year4 = (year: string) => year.padStart(4, '0');
const cache = new Map<AppLocale, Formats>();

export function formatsFor(locale: AppLocale): Formats {
  let formats = cache.get(locale);
  if (formats) return formats;
  /** An ISO date written from its fields; what cannot be read stays as it is. */
  const day = (isoDate: string, options: Intl.DateTimeFormatOptions, write: (d: Parts) => string) => {
    const d = partsAt(locale, 'UTC', options, isoDateMs(isoDate));
    return d ? write(d) : isoDate;
  };
  const at = (unixSeconds: number, zone: string, options: Intl.DateTimeFormatOptions, write: (d: Parts) => string) => {
    const d = partsAt(locale, zone, options, unixSeconds * 1000);
    return d ? write(d) : UNREADABLE_TIME;
  };
  const dayMonth = (d: Parts) => `${d.day} ${d.month}`;
  const dated = (d: Parts) => `${dayMonth(d)} ${year4(d.year)}`;
  const hm = (d: Parts) => `${d.hour}:${d.minute}`;
  const numbers = new Intl.NumberFormat(locale);
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percents = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  formats = {
    dayMonth: (isoDate) => day(isoDate, SHORT_DAY, dayMonth),
    weekdayDayMonth: (isoDate) => day(isoDate, WEEKDAY_DAY_MONTH, (d) => `${d.weekday} ${dayMonth(d)}`),
    weekdayDay: (isoDate) => day(isoDate, WEEKDAY_DAY, (d) => `${d.weekday} ${d.day}`),
    date: (isoDate) => day(isoDate, WITH_YEAR, dated),
    longDate: (isoDate) => day(isoDate, LONG_DATE, (d) => `${d.weekday} ${d.day} ${d.month}`),
    weekRange: (start, endExclusive, zone) =>
      `${at(start, zone, SHORT_DAY, dayMonth)} – ${at(endExclusive - 1, zone, WITH_YEAR, dated)}`,
    clockTime: (unixSeconds, zone) => at(unixSeconds, zone, CLOCK, hm),
    clockTimeSeconds: (unixSeconds, zone) => at(unixSeconds, zone, CLOCK_SECONDS, (d) => `${hm(d)}:${d.second}`),
    dateTime: (unixSeconds, zone) => at(unixSeconds, zone, DATE_TIME, (d) => `${d.weekday} ${dated(d)} ${hm(d)}`),
    count: (n) => numbers.format(n),
    hours: (n) => oneDecimal.format(n),
    percent: (share) => percents.format(share),
  };
  cache.set(locale, formats);
  return formats;
}

/** Weekday names by language and length, each asked of Intl once (a grid names a day on every block). */
const weekdayNames = new Map<string, string>();

/** A weekday's name alone (1 = Monday), as Intl names it: 14 to 20 November 2016 ran Monday to Sunday. */
function weekdayName(weekday: number, locale: string, length: 'short' | 'long'): string {
  const key = `${locale}|${length}|${weekday}`;
  let name = weekdayNames.get(key);
  if (name === undefined) {
    name =
      (weekday >= 1 &&
        weekday <= 7 &&
        partsAt(locale, 'UTC', WEEKDAY_NAME[length], Date.UTC(2016, 10, 13 + weekday))?.weekday) ||
      '';
    if (weekdayNames.size > 1000) weekdayNames.clear(); // languages come from requests: bounded, never trusted to be
    weekdayNames.set(key, name);
  }
  return name;
}

/** "ma" / "Mon": a weekday's short name (1 = Monday). */
export const shortWeekday = (weekday: number, locale: string): string => weekdayName(weekday, locale, 'short');

/** "maandag" / "Monday": a weekday's name (1 = Monday). */
export const longWeekday = (weekday: number, locale: string): string => weekdayName(weekday, locale, 'long');

/** An instant in digits in the zone ("2026", "11", "16", "10", "30"); null when it cannot be written. */
const digitsAt = (unixSeconds: number, zone: string) => partsAt(DIGITS_LOCALE, zone, DIGITS, unixSeconds * 1000);

/** The slow way, for what the quick one does not take (an offset changing within the hour, a year past 9999). */
function sheetDateTimeExact(unixSeconds: number, zone: string): string {
  const d = digitsAt(unixSeconds, zone);
  return d ? `${d.day}-${d.month}-${year4(d.year)} ${d.hour}:${d.minute}` : UNREADABLE_TIME;
}

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
  const d = partsAt(DIGITS_LOCALE, 'UTC', DIGITS, isoDateMs(isoDate));
  return d ? `${d.day}-${d.month}-${year4(d.year)}` : isoDate;
};

/** "2026-11-16T10:30", the value of an `<input type="datetime-local">`; empty when it cannot be written. */
export const inputDateTime = (unixSeconds: number, zone: string) => {
  const d = digitsAt(unixSeconds, zone);
  return d ? `${year4(d.year)}-${d.month}-${d.day}T${d.hour}:${d.minute}` : '';
};

/** "10:30" in any language (files and exports). */
export const plainClockTime = (unixSeconds: number, zone: string) => {
  const d = digitsAt(unixSeconds, zone);
  return d ? `${d.hour}:${d.minute}` : UNREADABLE_TIME;
};

/**
 * The ISO day a person typed: "18-11-2026", "18/11/2026", "1.2.2027" (day first, as Dutch dates
 * are written) or "2026-11-18"; null for anything else or a day that does not exist (31-11).
 */
export function parseDayInput(text: string): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y || !m || !d) return null;
  const at = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (at.getUTCFullYear() !== Number(y) || at.getUTCMonth() !== Number(m) - 1 || at.getUTCDate() !== Number(d))
    return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}
