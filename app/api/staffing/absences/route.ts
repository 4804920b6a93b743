import { lessonsReader } from '@/lib/lessons/reader.server';
import type { NextRequest } from 'next/server';
import { currentWeek, weekDays } from '@/lib/partner-api/values';
import { serverEnv } from '@/lib/env.server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { progressKey } from '@/lib/csv/export-progress.server';
import { queryInput, staffingQuerySchema } from '@/lib/staffing/query';
import { staffingAbsenceCosts } from '@/lib/staffing/staffing.server';

// GET /api/staffing/absences?from=2026-11-16&to=2026-11-20 (schoolInSchoolYear, progress): each
// absence in the range with the lessons it touched and what became of each; this week by default.

export const GET = route(async (req: NextRequest) => {
  const query = staffingQuerySchema.parse(queryInput(req.nextUrl.searchParams));
  const thisWeek = weekDays(currentWeek(serverEnv().SCHOOL_TIME_ZONE));
  const from = query.from ?? thisWeek.from;
  const to = query.to ?? thisWeek.to;
  const active = await requireConnection();
  const reader = await lessonsReader(active, query.schoolInSchoolYear);
  const progress = query.progress ? progressKey(active.connection.id, query.progress) : undefined;
  return json(await staffingAbsenceCosts(reader, from, to, progress));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
