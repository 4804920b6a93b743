import { z } from 'zod';
import { isIsoDate } from '@/lib/partner-api/calendar';

// A date in a page's address or an API query, read one way by every route that takes one (cover,
// its settings' window, the fairness report, staffing, onderwijstijd): YYYY-MM-DD, a real day, in a
// year a partner can hold. Messages are keys of `api`; a route may word them its own way.

/** The years a read may name: a date past them would reach the portal as `+010000-01-02`. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
export const inYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;

export function dateParam(words: { notADate?: string; outOfYears?: string } = {}) {
  const notADate = words.notADate ?? 'cover.notADate';
  const outOfYears = words.outOfYears ?? notADate;
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, notADate)
    .refine((d) => isIsoDate(d), notADate)
    .refine((d) => inYears(Number(d.slice(0, 4))), outOfYears);
}
