import type { NextRequest } from 'next/server';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { answerLocale, json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { progressKey } from '@/lib/csv/export-progress.server';
import { coverDayFor } from '@/lib/cover/cover.server';
import { coverQueryInput, coverQuerySchema } from '@/lib/cover/query';
import { withBecauseText } from '@/lib/cover/because-text.server';

// GET /api/cover?date=2026-11-18 (schoolInSchoolYear; progress; candidates=all; lesson=<id>): the
// lessons of the day's absent teachers, their state, the best candidates with their reasons (all with
// `candidates=all`, or for one lesson) and the day's proposal with why where it is not the obvious
// choice, {data, meta}.

export const GET = route(async (req: NextRequest) => {
  const query = coverQuerySchema.parse(coverQueryInput(req.nextUrl.searchParams));
  const active = await requireConnection();
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const date = query.date ?? today(zone);
  const answer = await coverDayFor(active, date, {
    projects: query.schoolInSchoolYear,
    progressId: query.progress ? progressKey(active.connection.id, query.progress) : undefined,
    allCandidates: query.candidates === 'all',
    only: query.lesson,
  });
  // Each `because` also as a sentence in the reader's language.
  return json(withBecauseText(answer, answerLocale(req), zone));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
