import { z } from 'zod';
import { daysBetween, isWeekend, mondayOfDate } from '@/lib/partner-api/calendar';
import { projectsParam } from '@/lib/browser/projects-param';
import { dateParam } from '@/lib/browser/date-param';
import {
  CANCEL_RULES,
  FREE_DAY_RULES,
  PRIORITIES,
  REASON_KEYS,
  WINDOWS,
  type CoverSettings,
  type ReasonKey,
} from './types';

// The cover routes' input, checked once: a school day (Monday to Friday, in a school year that
// the partner can hold: 2000–2100), projects, the id under which the window's progress is kept,
// the settings and a pin. Messages are keys of `api` (`cover.*`).

const schoolDay = dateParam({ outOfYears: 'cover.outOfYears' }).refine((d) => !isWeekend(d), 'cover.weekend');

export const coverQuerySchema = z.object({
  date: schoolDay.optional(),
  schoolInSchoolYear: projectsParam,
  progress: z
    .string()
    .regex(/^[a-z0-9-]{8,40}$/, 'staffing.notAProgressId')
    .optional(),
  /** `all`: every candidate of every open lesson (the default answer carries the best three). */
  candidates: z.enum(['all'], 'cover.candidatesAll').optional(),
  /** One lesson (its version id) with every candidate. */
  lesson: z
    .string()
    .regex(/^\d{1,15}$/, 'cover.notALesson')
    .optional(),
});

// Bounds before wholeness: a weight of 1e308 is told the range (-100 to 100), not the largest safe integer.
const weight = z
  .number('cover.weightRange')
  .min(-100, 'cover.weightRange')
  .max(100, 'cover.weightRange')
  .int('cover.weightRange');

/** A custom window's day: a date in the years a school year can lie in (2000–2100). */
const windowDay = dateParam({ outOfYears: 'cover.windowYears' }).nullable();

/** A custom window spans at most 20 calendar weeks: every cover load reads each of its weeks. */
export const MAX_WINDOW_WEEKS = 20;
const calendarWeeks = (from: string, to: string) => daysBetween(mondayOfDate(from), mondayOfDate(to)) / 7 + 1;

/**
 * The settings as stored and as sent (the shape of `CoverSettings`); stored settings that break
 * the bounds (kept before they held) are not used.
 */
export const coverSettingsSchema: z.ZodType<CoverSettings> = z
  .object({
    weights: z.object(Object.fromEntries(REASON_KEYS.map((k) => [k, weight])) as Record<ReasonKey, typeof weight>),
    window: z.enum(WINDOWS),
    /** The custom window's first and last day (ISO). */
    from: windowDay,
    to: windowDay,
    maxPerDay: z.number().int().min(1).max(10),
    maxPerWindow: z.number().int().min(1).max(100),
    maxLessonsPerDay: z
      .number('cover.lessonsPerDayRange')
      .int('cover.lessonsPerDayRange')
      .min(1, 'cover.lessonsPerDayRange')
      .max(12, 'cover.lessonsPerDayRange'),
    maxInRow: z
      .number('cover.inRowRange')
      .int('cover.inRowRange')
      .min(1, 'cover.inRowRange')
      .max(12, 'cover.inRowRange'),
    freeDay: z.enum(FREE_DAY_RULES),
    cancelRule: z.enum(CANCEL_RULES, 'cover.cancelRule'),
    upperFromYear: z
      .number('cover.upperFromYearRange')
      .int('cover.upperFromYearRange')
      .min(2, 'cover.upperFromYearRange')
      .max(6, 'cover.upperFromYearRange'),
    priority: z.enum(PRIORITIES, 'cover.priority'),
    unavailable: z.array(z.string().min(1).max(100)).max(500),
  })
  .refine((s) => !s.from || !s.to || calendarWeeks(s.from, s.to) <= MAX_WINDOW_WEEKS, {
    message: 'cover.windowTooLongWeeks',
    path: ['to'],
  });

export function coverQueryInput(search: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = { schoolInSchoolYear: search.getAll('schoolInSchoolYear') };
  for (const key of ['date', 'progress', 'candidates', 'lesson']) if (search.has(key)) input[key] = search.get(key);
  return input;
}

/** Settings as sent: a custom window has both days, in order. */
export const coverSettingsBody = coverSettingsSchema
  .refine((s) => s.window !== 'custom' || (s.from !== null && s.to !== null), {
    message: 'cover.customWindow',
    path: ['from'],
  })
  .refine((s) => !s.from || !s.to || s.from <= s.to, { message: 'staffing.toBeforeFrom', path: ['to'] });

export const coverPinBody = z.object({
  date: schoolDay,
  /** The lesson's version id (or its key, for one without an id). */
  lesson: z.string().min(1).max(200),
  /** The reliever kept, or null to let the proposal choose again. */
  employee: z.string().min(1).max(100).nullable(),
});

/** The fairness report spans at most a school year's calendar weeks (each week is read). */
export const MAX_FAIRNESS_WEEKS = 53;
const reportDay = dateParam();

/** `GET /api/cover/fairness?from=&to=`: a period in order, at most a school year; by default this school year. */
export const fairnessQuerySchema = z
  .object({ from: reportDay.optional(), to: reportDay.optional(), schoolInSchoolYear: projectsParam })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'staffing.toBeforeFrom', path: ['to'] })
  .refine((q) => !q.from || !q.to || calendarWeeks(q.from, q.to) <= MAX_FAIRNESS_WEEKS, {
    message: 'cover.fairnessTooLong',
    path: ['to'],
  });

export function fairnessQueryInput(search: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = { schoolInSchoolYear: search.getAll('schoolInSchoolYear') };
  for (const key of ['from', 'to']) if (search.get(key)) input[key] = search.get(key);
  return input;
}
