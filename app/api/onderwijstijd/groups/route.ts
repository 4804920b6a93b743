import type { NextRequest } from 'next/server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { onderwijstijdGroups } from '@/lib/onderwijstijd/onderwijstijd.server';
import { onderwijstijdPeriod } from '@/lib/onderwijstijd/period.server';

// GET /api/onderwijstijd/groups?from=2026-08-24&to=2026-11-20: per klas the programmed, realised and
// expected clock hours (the mean over its students), lesuitval, the norm's share to date, its lowest
// student and how many are behind, {data, meta}. By default this school year up to today.

export const GET = route(async (req: NextRequest) => {
  const { from, to } = onderwijstijdPeriod(req.nextUrl.searchParams);
  return json(await onderwijstijdGroups(await requireConnection(), from, to));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
