import type { NextRequest } from 'next/server';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { progressKey } from '@/lib/csv/export-progress.server';
import { coverDay, coverSettings, windowOf } from '@/lib/cover/cover.server';
import { coverQueryInput, coverQuerySchema } from '@/lib/cover/query';
import { staffingReader, weeksBetween } from '@/lib/staffing/staffing.server';

// GET /api/cover?date=2026-11-18 (schoolInSchoolYear; progress; candidates=all; lesson=<id>): the
// lessons of the day's absent teachers, their state, the best candidates with their reasons (all with
// `candidates=all`, or for one lesson) and the day's proposal, {data, meta}.

export const GET = route(async (req: NextRequest) => {
  const query = coverQuerySchema.parse(coverQueryInput(req.nextUrl.searchParams));
  const active = await requireConnection();
  const reader = await staffingReader(active, query.schoolInSchoolYear, { thisSchoolYear: true });
  const date = query.date ?? today(serverEnv().SCHOOL_TIME_ZONE);
  const progress = query.progress ? progressKey(active.connection.id, query.progress) : undefined;
  // Charged as the staffing routes are: one week read per week of the fairness window, and the day.
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const settings = await coverSettings(active.connection.baseUrl);
  const window = windowOf(settings, date);
  const weeks = weeksBetween(window.from, window.to, zone).length + 1;
  return json(
    await reader.budgeted(weeks, () =>
      coverDay(reader, active.connection.baseUrl, date, {
        progressId: progress,
        allCandidates: query.candidates === 'all',
        only: query.lesson,
        settings,
      }),
    ),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
