import { localAt } from '@/lib/partner-api/calendar';
import { localTime } from '@/lib/format/dates';
import type { CatalogRecord } from '@/lib/partner-api/records';

// Absence time: the portal's `absenceDuration` (taken as hours) shared over the absence's school
// days (Mon–Fri), and a person's overlapping absences counted once: each school day of a person
// counts the hours of one absence, the one with the most hours that day (the earliest on a tie).
// The load table and the absence costs both count with this.

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Monday to Friday, from day 0 (1970-01-01, a Thursday). */
const isSchoolDay = (d: number) => (((d + 3) % 7) + 7) % 7 < 5;

/** Monday to Friday among the days numbered [first, last]. */
function weekdaysBetween(first: number, last: number): number {
  if (last < first) return 0;
  // Whole weeks hold five each; the days left over are counted one by one (at most six).
  const days = last - first + 1;
  let count = Math.floor(days / 7) * 5;
  for (let d = first + Math.floor(days / 7) * 7; d <= last; d++) if (isSchoolDay(d)) count++;
  return count;
}

/**
 * The days a span touches in the zone, numbered: from the day of `from` to the last day starting
 * before `to`. Two dates are read in the zone (near a DST switch, by the instant's own offset).
 */
function daysTouched(from: number, to: number, zone: string): { first: number; last: number } {
  // The quick reading (an offset cached per hour) where no switch is near, else the exact one.
  const first = localTime(from, zone) ?? localAt(from, zone);
  const end = localTime(to, zone) ?? localAt(to, zone);
  if (!first || !end) return { first: NaN, last: NaN };
  // A span ending at a day's start does not touch that day.
  return { first: first.days, last: end.seconds === 0 ? end.days - 1 : end.days };
}

/** Monday to Friday from one instant to another, counted in days (every school day touched counts whole). */
export function schoolDayShare(from: number, to: number, zone: string): number {
  if (!(to > from)) return 0;
  const { first, last } = daysTouched(from, to, zone);
  return weekdaysBetween(first, last);
}

/**
 * The hours each absence counts in [start, end) when a person's overlapping absences count once:
 * every school day of a person goes to the absence with the most hours that day (the earlier on a
 * tie), so a person's absences add up to the time they were away, never more. An absence without
 * a start, end or duration counts null; one without an employee is nobody's overlap.
 */
export function absenceHoursOnce(
  absences: readonly CatalogRecord<'employeeabsences'>[],
  start: number,
  end: number,
  zone: string,
): Map<CatalogRecord<'employeeabsences'>, number | null> {
  const out = new Map<CatalogRecord<'employeeabsences'>, number | null>();
  // Per person and day: the absence that day counts, and its hours that day.
  const days = new Map<string, { absence: CatalogRecord<'employeeabsences'>; hours: number }>();
  for (const a of absences) {
    const from = num(a.start);
    const to = num(a.end);
    const hours = num(a.absenceDuration);
    if (from === null || to === null || hours === null) {
      out.set(a, null);
      continue;
    }
    out.set(a, 0);
    const all = schoolDayShare(from, to, zone);
    const lo = Math.max(from, start);
    const hi = Math.min(to, end);
    if (all === 0 || !(hi > lo)) continue;
    const perDay = hours / all;
    const person = typeof a.employee === 'string' && a.employee ? a.employee : null;
    const { first, last } = daysTouched(lo, hi, zone);
    for (let d = first; d <= last; d++) {
      if (!isSchoolDay(d)) continue;
      if (person === null) {
        out.set(a, out.get(a)! + perDay);
        continue;
      }
      const key = `${person}\u0000${d}`;
      const held = days.get(key);
      if (!held || perDay > held.hours || (perDay === held.hours && from < (num(held.absence.start) ?? 0)))
        days.set(key, { absence: a, hours: perDay });
    }
  }
  for (const { absence, hours } of days.values()) out.set(absence, out.get(absence)! + hours);
  return out;
}
