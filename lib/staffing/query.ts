import { z } from 'zod';
import { projectsParam } from '@/lib/browser/projects-param';
import { dateParam, FIRST_YEAR, inYears } from '@/lib/browser/date-param';
import { daysBetween } from '@/lib/partner-api/calendar';
import { parseWeek } from '@/lib/partner-api/values';
import { LESSON_FIGURES } from '@/lib/lessons/load-figures';

// The staffing routes' query, checked once for all three: a week (`2026-W47`) or a range
// (`from`/`to`, ISO days, at most a school year), projects (repeatable or comma-separated) and the
// id under which a range's progress is kept. Messages are keys of `staff.api`.

export const MAX_RANGE_DAYS = 380;

/** An ISO day within the years the portal may be asked for. */
export const isoDay = dateParam({ notADate: 'staffing.notADate', outOfYears: 'staffing.yearOutOfRange' });

export const staffingQuerySchema = z
  .object({
    week: z
      .string()
      .max(10, 'staffing.notAWeek')
      .refine((w) => parseWeek(w) !== undefined, 'staffing.notAWeek')
      .refine((w) => inYears(parseWeek(w)?.year ?? FIRST_YEAR), 'staffing.yearOutOfRange')
      .optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    schoolInSchoolYear: projectsParam,
    progress: z
      .string()
      .regex(/^[a-z0-9-]{8,40}$/, 'staffing.notAProgressId')
      .optional(),
    employee: z.string().max(100, 'staffing.notAnEmployee').optional(),
    figure: z.enum(LESSON_FIGURES, 'staffing.notAFigure').optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'staffing.fromAndTo', path: ['to'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'staffing.toBeforeFrom', path: ['to'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= MAX_RANGE_DAYS, {
    message: 'staffing.tooLong',
    path: ['to'],
  });

/** The query's parameters as the schema reads them (a repeated one as a list). */
export function queryInput(search: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = { schoolInSchoolYear: search.getAll('schoolInSchoolYear') };
  for (const key of ['week', 'from', 'to', 'progress', 'employee', 'figure'])
    if (search.has(key)) input[key] = search.get(key);
  return input;
}
