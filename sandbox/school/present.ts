import { isIsoDate, isoDateAt, plusDays } from '../../lib/partner-api/calendar';
import { schoolYearOf } from '../../lib/partner-api/values';
import { FIXED_TODAY } from './fixed';
import { isSchoolDay, localInstant, schoolYear, SCHOOL_ZONE, type SchoolYear } from './calendar';

// Where the school stands in time: the school day a date falls on (a weekend or holiday: the next
// one), its school year, the data's snapshot and the cover days. Any date gives a school; one date,
// the tests' fixed school, keeps the moment it has always had (issue 47).

export { FIXED_TODAY };

export interface SchoolMoment {
  /** The date asked for. */
  today: string;
  /** The tests' fixed school: kept as it always was, for every seed. */
  fixed: boolean;
  /** The first school day on or after it: the morning the school shows. */
  schoolDay: string;
  /** The calendar year its school year starts in. */
  year: number;
  /** Every generated timestamp is at or before this instant. */
  snapshotAt: number;
  /** Days with three or four teachers away; the first holds the scenarios (pair, excursion, nobody). */
  coverDays: string[];
}

const years = new Map<number, SchoolYear>();
const yearOf = (year: number) => years.get(year) ?? years.set(year, schoolYear(year)).get(year)!;
const schoolDayAt = (date: string) => isSchoolDay(yearOf(schoolYearOf(date)), date);

/** The first school day on or after a date (a summer holiday reaches the coming year's first). */
export function nextSchoolDay(date: string): string {
  let day = date;
  // The longest stretch without school, the summer holiday, is well under 90 days.
  for (let i = 0; i < 120 && !schoolDayAt(day); i++) day = plusDays(day, 1);
  if (!schoolDayAt(day)) throw new Error(`no school day within 120 days of ${date}`);
  return day;
}

export function schoolMoment(today: string): SchoolMoment {
  if (!isIsoDate(today)) throw new Error(`today must be a date as YYYY-MM-DD (got "${today}")`);
  if (today === FIXED_TODAY)
    return {
      today,
      fixed: true,
      schoolDay: today,
      year: 2026,
      snapshotAt: localInstant('2026-11-20T17:00'),
      coverDays: ['2026-11-18', '2026-11-19', '2026-11-25', '2026-11-26'],
    };
  const schoolDay = nextSchoolDay(today);
  const year = schoolYearOf(schoolDay);
  // The morning and the three school days after it, within the same school year.
  const coverDays = [schoolDay];
  for (let day = plusDays(schoolDay, 1); coverDays.length < 4 && schoolYearOf(day) === year; day = plusDays(day, 1))
    if (schoolDayAt(day)) coverDays.push(day);
  return { today, fixed: false, schoolDay, year, snapshotAt: localInstant(`${schoolDay}T07:30`), coverDays };
}

/** Today in the school's zone (the default of `npm run sandbox`). */
export const schoolToday = (): string => isoDateAt(Date.now() / 1000, SCHOOL_ZONE);
