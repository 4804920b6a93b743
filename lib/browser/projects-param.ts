import { z } from 'zod';

// A page's projects in its address and its API query (schoolInSchoolYear), read one way by every
// route that takes them: the staffing and cover routes. Messages are keys of `api`.

/** Projects (schoolInSchoolYear), repeatable or comma-separated: the staffing and cover routes' one form. */
export const projectsParam = z
  .array(z.string().max(200, 'staffing.notAProject'))
  .max(50, 'staffing.notAProject')
  .transform((all) => all.flatMap((v) => v.split(',')).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,12}$/, 'staffing.notAProject')).transform((ids) => ids.map(Number)));
