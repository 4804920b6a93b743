import { parseISO } from 'date-fns';
import { daysInMonth } from './calendar';

// Lenient readers for the wire's value formats (see shared/spec/wire-facts.md), and the ISO-week
// arithmetic the timetable, the exports and the sandbox share (weeks.ts, passed on from here).
// Pure: safe in browser and server. A page that only needs weeks imports weeks.ts: it carries no
// date-fns (whose ISO parser reads the wire's timestamps here).

export {
  DEFAULT_TIME_ZONE,
  addWeeks,
  currentWeek,
  formatIsoWeek,
  formatWireWeek,
  mondayOf,
  parseWeek,
  weekDays,
  weekOf,
  weekWindow,
  weeksInYear,
  type IsoWeek,
} from './weeks';

/** Above this a numeric timestamp is taken as milliseconds (10^11 s is the year 5138). */
const MILLIS_THRESHOLD = 1e11;

/**
 * A wire timestamp as Unix seconds: accepts seconds, milliseconds and ISO-8601 strings
 * (and numeric strings). Returns `null` for null/undefined, `undefined` for anything unreadable.
 */
export function readTimestamp(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? toSeconds(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return toSeconds(Number(text));
  // An ISO date or date-time (a `T` between, never a space); one without an offset is read on the
  // machine's clock.
  if (text.includes(' ')) return undefined;
  const parsed = parseISO(text).getTime();
  return Number.isNaN(parsed) ? undefined : Math.floor(parsed / 1000);
}

function toSeconds(n: number): number {
  return Math.abs(n) > MILLIS_THRESHOLD ? Math.floor(n / 1000) : n;
}

/**
 * A wire date as ISO `YYYY-MM-DD`: accepts `YYYY-MM-DD` and `DD-MM-YYYY` (the `/partners/~me`
 * token dates), also with a time part after `T`. `null` for empty, `undefined` if unreadable.
 */
export function readDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(text);
  const dmy = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : undefined;
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  // A real day of the (proleptic Gregorian) calendar, checked without a date object: this runs
  // for every date of every record read.
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The school year a day (ISO date) falls in, by its first calendar year (a Dutch school year starts on 1 August). */
export const schoolYearOf = (isoDate: string): number => {
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= 8 ? year : year - 1;
};

/** The first day of the school year a day falls in: 1 August (the one rule, with `schoolYearOf`). */
export const schoolYearStart = (isoDate: string): string => `${schoolYearOf(isoDate)}-08-01`;

/** The ids of the projects of one school year; every project's when none is marked with that year. */
export function projectsOfSchoolYear(
  projects: readonly { id: number; schoolYear?: number | null }[],
  schoolYear: number,
): number[] {
  const current = projects.filter((p) => p.schoolYear === schoolYear).map((p) => p.id);
  return current.length > 0 ? current : projects.map((p) => p.id);
}

/**
 * The projects of every school year from one date's to another's: a day or period asked about
 * decides its school year, not the clock (one year, unless the range spans 1 August).
 */
export function projectsDuring(
  projects: readonly { id: number; schoolYear?: number | null }[],
  from: string,
  to: string,
): number[] {
  const ids = new Set<number>();
  for (let year = schoolYearOf(from); year <= schoolYearOf(to); year++)
    for (const id of projectsOfSchoolYear(projects, year)) ids.add(id);
  return [...ids];
}
