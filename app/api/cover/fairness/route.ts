import type { NextRequest } from 'next/server';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { fairnessFor } from '@/lib/cover/fairness.server';
import { fairnessQueryInput, fairnessQuerySchema } from '@/lib/cover/query';
import { schoolYearSoFar } from '@/lib/cover/window';

// GET /api/cover/fairness?from=2026-08-01&to=2026-11-20 (schoolInSchoolYear): per teacher the
// covers given in the period, their fte, covers per fte and the covers per week, {data, meta}.
// By default this school year up to today.

export const GET = route(async (req: NextRequest) => {
  const asked = fairnessQueryInput(req.nextUrl.searchParams);
  // What is not given: this school year up to the day asked (else today); then checked whole.
  const to = typeof asked.to === 'string' ? asked.to : today(serverEnv().SCHOOL_TIME_ZONE);
  const query = fairnessQuerySchema.parse({ from: schoolYearSoFar(to).from, to, ...asked });
  const active = await requireConnection();
  return json(await fairnessFor(active, query.from!, query.to!, query.schoolInSchoolYear));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
