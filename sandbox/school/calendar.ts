import {
  daysFromCivil,
  instantAt,
  isoDateOfDays,
  isoWeekOf,
  mondayOfIsoWeek,
  plusDays,
  readLocalDateTime,
  weekdayOf,
} from '../../lib/partner-api/calendar';
import { addWeeks, formatWireWeek, mondayOf, type IsoWeek } from '../../lib/partner-api/values';

// The school's calendar: nine periods of irregular length with breaks, any school year with
// holidays by a rule close to the middle region's, and wall-clock → Unix seconds in the school's
// zone. The rule gives 2026-2027 exactly as the middle region had it (the fixed school's year).

export const SCHOOL_ZONE = 'Europe/Amsterdam';

export interface Period {
  /** 1-based sequence number (startTimeSlot/endTimeSlot). */
  slot: number;
  name: string;
  start: string;
  end: string;
}

export const periods: readonly Period[] = [
  { slot: 1, name: 'u1', start: '08:30', end: '09:20' },
  { slot: 2, name: 'u2', start: '09:20', end: '10:10' },
  // break 10:10-10:30
  { slot: 3, name: 'u3', start: '10:30', end: '11:20' },
  { slot: 4, name: 'u4', start: '11:20', end: '12:05' },
  // lunch 12:05-12:35
  { slot: 5, name: 'u5', start: '12:35', end: '13:25' },
  { slot: 6, name: 'u6', start: '13:25', end: '14:15' },
  // break 14:15-14:30
  { slot: 7, name: 'u7', start: '14:30', end: '15:20' },
  { slot: 8, name: 'u8', start: '15:20', end: '16:05' },
  { slot: 9, name: 'u9', start: '16:05', end: '16:50' },
];

export interface SchoolYear {
  /** The calendar year it starts in (2026 for 2026-2027). */
  year: number;
  /** Weeks with lessons, in order. */
  weeks: IsoWeek[];
  /** Weekdays without school inside lesson weeks (ISO dates). */
  daysOff: ReadonlySet<string>;
  /** Weeks in which upper years sit exams instead of lessons. */
  examWeeks: ReadonlySet<string>;
}

/**
 * A school year by rule: ISO week 35 to week 27 of the next year (summer: weeks 28–34); autumn
 * (week 43), Christmas (weeks 52, 53 where the year has it, and 1), spring (week 8) and May (the
 * week of King's Day, 27 April) off; Easter Monday, Ascension Day and the Friday after, and Whit
 * Monday off, from the date of Easter. For 2026-2027: 24 August 2026 to 9 July 2027.
 */
export function schoolYear(year: number): SchoolYear {
  const first = { year, week: 35 };
  const last = { year: year + 1, week: 27 };
  const mayWeek = isoWeekOf(`${year + 1}-04-27`)!;
  const holidays = new Set([
    `${year}43`,
    `${year}52`,
    `${year}53`,
    `${year + 1}01`,
    `${year + 1}08`,
    formatWireWeek(mayWeek),
  ]);
  const weeks: IsoWeek[] = [];
  for (let w = first; !(w.year === last.year && w.week > last.week); w = addWeeks(w, 1)) {
    if (w.year > last.year) break;
    if (!holidays.has(formatWireWeek(w))) weeks.push(w);
  }
  const easter = easterSunday(year + 1);
  const daysOff = new Set([plusDays(easter, 1), plusDays(easter, 39), plusDays(easter, 40), plusDays(easter, 50)]);
  const examWeeks = new Set([`${year}45`, `${year + 1}05`, `${year + 1}14`]);
  return { year, weeks, daysOff, examWeeks };
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher), as an ISO date. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - Math.floor(b / 4) - g + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDateOfDays(daysFromCivil(year, month, day));
}

/** Whether a date is a school day of the year: a weekday of a lesson week, not a day off. */
export function isSchoolDay(year: SchoolYear, date: string): boolean {
  const week = isoWeekOf(date);
  if (!week || !year.weeks.some((w) => w.year === week.year && w.week === week.week)) return false;
  return weekdayOf(date) <= 5 && !year.daysOff.has(date);
}

// Zone arithmetic is the slow part of generating a year; the answers are few, so keep them.
const instants = new Map<string, number>();
const dates = new Map<string, string>();

/** Unix seconds of a wall-clock time on a weekday (1 = Monday) of a week, in the school's zone. */
export function instant(week: IsoWeek, weekday: number, time: string): number {
  const key = `${week.year}-${week.week}-${weekday}-${time}`;
  let value = instants.get(key);
  if (value === undefined) {
    const [h, m] = time.split(':').map(Number) as [number, number];
    value = instantAt(mondayOfIsoWeek(week) + weekday - 1, h * 3600 + m * 60, SCHOOL_ZONE);
    instants.set(key, value);
  }
  return value;
}

export function isoDate(week: IsoWeek, weekday: number): string {
  const key = `${week.year}-${week.week}-${weekday}`;
  let value = dates.get(key);
  if (value === undefined) {
    value = plusDays(mondayOf(week), weekday - 1);
    dates.set(key, value);
  }
  return value;
}

/** Unix seconds of an ISO date-time written in the school's zone ("2026-08-20T17:00"). */
export function localInstant(text: string): number {
  return readLocalDateTime(text, SCHOOL_ZONE) ?? NaN;
}
