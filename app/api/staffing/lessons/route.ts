import { lessonsReader } from '@/lib/lessons/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { currentWeek, formatIsoWeek, parseWeek } from '@/lib/partner-api/values';
import { HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { queryInput, staffingQuerySchema } from '@/lib/staffing/query';
import { lessonsOf } from '@/lib/staffing/staffing.server';

// GET /api/staffing/lessons?week=2026-W47 (or from/to)&employee=abc&figure=cancelled|cover: the
// lessons behind one teacher's figure on the load page.

export const GET = route(async (req: NextRequest) => {
  const query = staffingQuerySchema.parse(queryInput(req.nextUrl.searchParams));
  if (!query.employee || !query.figure) throw new HttpError(400, apiText('staffing.employeeAndFigure'));
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const reader = await lessonsReader(await requireConnection(), query.schoolInSchoolYear);
  if (query.from && query.to) {
    const weeks = weeksBetween(query.from, query.to, zone);
    return json(await lessonsOf(reader, weeks, { from: query.from, to: query.to }, query.employee, query.figure));
  }
  const week = (query.week && parseWeek(query.week)) || currentWeek(zone);
  return json(await lessonsOf(reader, [week], { week: formatIsoWeek(week) }, query.employee, query.figure));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
