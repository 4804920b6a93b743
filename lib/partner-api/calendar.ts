import { tzOffset } from '@date-fns/tz/tzOffset';

// The app's one reckoning of days, ISO weeks and instants in a zone, in browser and server alike
// (the timetable, the exports, the staffing reads and the sandbox share it). Days are counted
// from 1970-01-01 on the proleptic Gregorian calendar (a date is a date: no zone); an instant
// becomes a day and a time of day by the zone's offset, which `@date-fns/tz` reads from Intl.
// Plain arithmetic, no date objects: the week grid and the exports ask thousands of times.

export interface IsoWeek {
  /** ISO week-numbering year. */
  year: number;
  /** 1..52 or 53. */
  week: number;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const DAY = 86_400;

/** Days since 1970-01-01 of a calendar day (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The calendar day of a day count (days_from_civil inverted). */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday of a day count, 1 = Monday (day 0, 1970-01-01, was a Thursday). */
export const weekdayOfDays = (days: number): number => ((((days + 3) % 7) + 7) % 7) + 1;

/** A number padded to `n` digits, a minus sign before the padding (as luxon writes years). */
export const pad = (n: number, digits = 2): string =>
  n < 0 ? `-${String(-n).padStart(digits, '0')}` : String(n).padStart(digits, '0');

/** "2026-11-16" for a day count. */
export function isoDateOfDays(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Days in a month of the calendar (1 = January). */
export function daysInMonth(year: number, month: number): number {
  return month === 2
    ? isLeapYear(year)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;
}

/** The day count of an ISO date `YYYY-MM-DD` that names a real day; undefined for anything else. */
export function daysOfIsoDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return daysFromCivil(year, month, day);
}

/** Whether a text is an ISO date `YYYY-MM-DD` of a real day. */
export const isIsoDate = (text: string): boolean => daysOfIsoDate(text) !== undefined;

/** The day count of an ISO date the caller knows to be real (a page's own, a checked query's). */
function daysOf(isoDate: string): number {
  const days = daysOfIsoDate(isoDate);
  if (days === undefined) throw new RangeError(`Not an ISO date: ${isoDate}`);
  return days;
}

/** The ISO date `n` days after (or before) another. */
export const plusDays = (isoDate: string, n: number): string => isoDateOfDays(daysOf(isoDate) + n);

/** Days from one ISO date to another (negative when `to` comes first); NaN if either is not a real day. */
export const daysBetween = (from: string, to: string): number =>
  (daysOfIsoDate(to) ?? NaN) - (daysOfIsoDate(from) ?? NaN);

/** ISO weekday of an ISO date, 1 = Monday; NaN if it is not a real day. */
export const weekdayOf = (isoDate: string): number => weekdayOfDays(daysOfIsoDate(isoDate) ?? NaN);

/** A Saturday or Sunday (a date that is not one is neither). */
export const isWeekend = (isoDate: string): boolean => weekdayOf(isoDate) > 5;

/** The ISO week of an ISO date (undefined if it is not a real day). */
export function isoWeekOf(isoDate: string): IsoWeek | undefined {
  const days = daysOfIsoDate(isoDate);
  return days === undefined ? undefined : isoWeekOfDays(days);
}

/** The ISO week a day count falls in: the week of its Thursday, counted from the year's first. */
export function isoWeekOfDays(days: number): IsoWeek {
  const thursday = days - weekdayOfDays(days) + 4;
  const year = civilFromDays(thursday).year;
  return { year, week: Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1 };
}

/** The Monday (a day count) of an ISO week: week 1 holds 4 January. */
export function mondayOfIsoWeek({ year, week }: IsoWeek): number {
  const jan4 = daysFromCivil(year, 1, 4);
  return jan4 - weekdayOfDays(jan4) + 1 + (week - 1) * 7;
}

/** 52 or 53: a year's last ISO week holds 28 December. */
export const weeksInIsoYear = (year: number): number => isoWeekOfDays(daysFromCivil(year, 12, 28)).week;

/** The zone's offset from UTC in minutes at an instant; NaN for a zone Intl does not know. */
export function zoneOffset(unixSeconds: number, zone: string): number {
  return tzOffset(zone, new Date(unixSeconds * 1000));
}

/** An instant as the zone's clock shows it: the day (count) and the seconds into it. */
export interface LocalTime {
  days: number;
  seconds: number;
}

/** An instant read in the zone; null for a zone Intl does not know (or no finite instant). */
export function localAt(unixSeconds: number, zone: string): LocalTime | null {
  const offset = zoneOffset(unixSeconds, zone);
  if (!Number.isFinite(offset) || !Number.isFinite(unixSeconds)) return null;
  return splitLocal(unixSeconds + Math.round(offset * 60));
}

/** Seconds on the local clock since 1970-01-01 00:00 as a day and the seconds into it. */
export function splitLocal(local: number): LocalTime {
  const days = Math.floor(local / DAY);
  return { days, seconds: local - days * DAY };
}

/**
 * The instant the zone's clock shows a time of day (seconds after 00:00) on a day (count).
 * A time the clock skips (spring forward) is read with the offset before the switch, so it lands
 * as far after the switch as it would have been after the hour before (luxon's rule, and Date's);
 * a time shown twice (fall back) is its first showing. NaN for a zone Intl does not know.
 */
export function instantAt(days: number, seconds: number, zone: string): number {
  const local = days * DAY + seconds;
  if (!Number.isFinite(local)) return NaN;
  // The offsets a day either side: a zone changes its offset at most once in between.
  const before = Math.round(zoneOffset(local - DAY, zone) * 60);
  const after = Math.round(zoneOffset(local + DAY, zone) * 60);
  if (!Number.isFinite(before) || !Number.isFinite(after)) return NaN;
  let found = NaN;
  for (const offset of before === after ? [before] : [before, after]) {
    const t = local - offset;
    if (Math.round(zoneOffset(t, zone) * 60) === offset && !(t >= found)) found = t;
  }
  return Number.isNaN(found) ? local - Math.min(before, after) : found;
}

/** The first moment of a day (count) in the zone: its 00:00, or when its clock starts if it skips 00:00. */
export const dayStartOfDays = (days: number, zone: string): number => instantAt(days, 0, zone);

/** The first moment of an ISO date in the zone; NaN if it is not a real day. */
export const dayStart = (isoDate: string, zone: string): number => dayStartOfDays(daysOfIsoDate(isoDate) ?? NaN, zone);

/** The end of an ISO date in the zone (exclusive): the first moment of the next; NaN if it is not a real day. */
export const dayEnd = (isoDate: string, zone: string): number =>
  dayStartOfDays((daysOfIsoDate(isoDate) ?? NaN) + 1, zone);

/** The ISO date an instant falls on in the zone ("" for a zone Intl does not know). */
export function isoDateAt(unixSeconds: number, zone: string): string {
  const local = localAt(unixSeconds, zone);
  return local ? isoDateOfDays(local.days) : '';
}

/** Today's ISO date in the zone, by the machine's clock. */
export const today = (zone: string): string => isoDateAt(Date.now() / 1000, zone);

/** The day a page shows (today unless `asked` is a real day), whether it is today, its neighbours and window. */
export function shownDay(asked: string | null | undefined, zone: string) {
  const now = today(zone);
  const date = asked && isIsoDate(asked) ? asked : now;
  return {
    date,
    isToday: date === now,
    previous: plusDays(date, -1),
    next: plusDays(date, 1),
    /** [dayStart, dayEnd) in unix seconds. */
    dayStart: dayStart(date, zone),
    dayEnd: dayEnd(date, zone),
  };
}

/** The ISO date of the Monday of the week a day is in. */
export const mondayOfDate = (isoDate: string): string => {
  const days = daysOf(isoDate);
  return isoDateOfDays(days - weekdayOfDays(days) + 1);
};

/**
 * A wall-clock date-time written without an offset (`2026-11-16T10:30`, seconds optional: an
 * `<input type="datetime-local">`'s value) as the instant in the zone; undefined if not a real one.
 */
export function readLocalDateTime(text: string, zone: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/.exec(text);
  const days = match ? daysOfIsoDate(match[1]!) : undefined;
  if (!match || days === undefined) return undefined;
  const [h, m, s] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return undefined;
  const t = instantAt(days, h * 3600 + m * 60 + s, zone);
  return Number.isFinite(t) ? t : undefined;
}
