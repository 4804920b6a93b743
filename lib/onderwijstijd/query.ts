import { z } from 'zod';
import { dateParam } from '@/lib/browser/date-param';
import { schoolYearOf } from '@/lib/partner-api/values';

// `GET /api/onderwijstijd/groups?from=&to=` and `/students?group=&from=&to=`: a period in order
// within one school year (the norm's share is a school year's); by default this school year so far.

const day = dateParam();

/** A student's code as the portal writes them (letters, digits, dots, dashes). */
export const studentCode = z
  .string('onderwijstijd.notAStudentCode')
  .trim()
  .regex(/^[\p{L}\p{N}._-]{1,40}$/u, 'onderwijstijd.notAStudentCode');

export const onderwijstijdQuerySchema = z
  .object({
    from: day,
    to: day,
    group: z.string().trim().min(1).max(100).optional(),
    student: studentCode.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'staffing.toBeforeFrom', path: ['to'] })
  .refine((q) => schoolYearOf(q.from) === schoolYearOf(q.to), {
    message: 'onderwijstijd.oneSchoolYear',
    path: ['to'],
  });

export type OnderwijstijdQuery = z.infer<typeof onderwijstijdQuerySchema>;

/** The query as asked: `from` and `to` once each, a missing one left to the default. */
export function onderwijstijdQueryInput(search: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of ['from', 'to', 'group', 'student']) if (search.get(key)) input[key] = search.get(key);
  return input;
}
