import { lessonsReader } from '@/lib/lessons/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import type { NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env.server';
import { currentWeek, parseWeek } from '@/lib/partner-api/values';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { progressKey } from '@/lib/csv/export-progress.server';
import { queryInput, staffingQuerySchema } from '@/lib/staffing/query';
import { teacherLoads, weekLoads } from '@/lib/staffing/staffing.server';

// GET /api/staffing/teachers?week=2026-W47 (or from/to; schoolInSchoolYear; progress): the teacher
// load table, {data, meta}, one record per teacher; a range is read a week at a time.

export const GET = route(async (req: NextRequest) => {
  const query = staffingQuerySchema.parse(queryInput(req.nextUrl.searchParams));
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const active = await requireConnection();
  const reader = await lessonsReader(active, query.schoolInSchoolYear);
  if (query.from && query.to) {
    const progress = query.progress ? progressKey(active.connection.id, query.progress) : undefined;
    const weeks = weeksBetween(query.from, query.to, zone);
    return json(await teacherLoads(reader, weeks, { from: query.from, to: query.to }, progress));
  }
  const week = (query.week && parseWeek(query.week)) || currentWeek(zone);
  return json(await weekLoads(reader, week));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
