import type { NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env.server';
import { currentWeek, parseWeek } from '@/lib/partner-api/values';
import { errorResponse } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { getPartner } from '@/lib/connection/connection.server';
import { weekIcs } from '@/lib/timetable/ics.server';
import { readProxiedList } from '@/lib/proxy/partner-read.server';
import { toAppointment, visible } from '@/lib/timetable/appointment';
import { cannotSelectText, planWeek } from '@/lib/timetable/fields';
import { describeSubject, readView, SUBJECT_KINDS } from '@/lib/timetable/view';
import { weekParams } from '@/lib/timetable/week-params';

// GET /api/timetable/ics?<the timetable URL's query>: the shown week as an iCalendar file.

// A code goes into the calendar's name: no line breaks or other control characters (ICS injection).
// The issue's message names its sentence in messages `timetable.ics`.
const subjectCode = z
  .string()
  .max(100, 'tooLong')
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'controlCharacters');
const querySchema = z.looseObject(Object.fromEntries(SUBJECT_KINDS.map((kind) => [kind, subjectCode.optional()])));

export const GET = route(async (req: NextRequest) => {
  const env = serverEnv();
  const zone = env.SCHOOL_TIME_ZONE;
  const t = await getTranslations('timetable');
  const checked = querySchema.safeParse(Object.fromEntries(req.nextUrl.searchParams));
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = String(issue.path[0]);
    const problem = issue.message === 'tooLong' ? 'ics.tooLong' : 'ics.controlCharacters';
    return errorResponse(400, t(problem, { field }), { field });
  }
  // A week asked for is a week of the years a school year can lie in, or a 400: never today's week
  // (or year 0) in its place.
  const asked = req.nextUrl.searchParams.get('week');
  if (asked !== null) {
    const week = parseWeek(asked);
    if (!week || week.year < 2000 || week.year > 2100)
      return errorResponse(400, t('ics.notAWeek', { week: asked.slice(0, 20) }), { field: 'week' });
  }
  const view = readView(req.nextUrl.searchParams, currentWeek(zone));
  const active = await requireConnection();
  const partner = await getPartner(active);
  const rights = partner.endpoints.find((e) => e.endpoint === 'appointments');
  if (!rights) return errorResponse(403, t('ics.notGranted'));
  const plan = planWeek(view.subject, rights);
  if (plan.cannotSelect) return errorResponse(403, cannotSelectText(plan.cannotSelect, t));
  const week = await readProxiedList(
    active,
    'appointments',
    weekParams({ week: view.week, zone, projects: view.projects, plan }),
  );
  const shown = visible(
    week.data.map((r) => toAppointment(r)).filter((a) => a !== null),
    view.subject,
    view.allVersions,
    plan.selectedUpstream,
  );
  const name = t('ics.calendarName', {
    week: `${view.week.year}-W${String(view.week.week).padStart(2, '0')}`,
    who: describeSubject(view.subject, t),
  });
  const body = weekIcs(shown, zone, name, req.nextUrl.hostname, t);
  const file = `timetable-${view.week.year}-W${String(view.week.week).padStart(2, '0')}-${view.subject.kind === 'school' ? 'school' : view.subject.code.replace(/[^\w-]/g, '')}.ics`;
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${file}"`,
      'cache-control': 'no-store',
    },
  });
});
