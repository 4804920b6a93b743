import type { NextRequest } from 'next/server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { onderwijstijdGroups } from '@/lib/onderwijstijd/onderwijstijd.server';
import { onderwijstijdAsked } from '@/lib/onderwijstijd/period.server';

// GET /api/onderwijstijd/groups?from=2026-08-01&to=2027-07-31: per klas the programmed, realised and
// expected clock hours (the mean over its students), lesuitval, the norm's share to date, its lowest
// student and how many are behind, {data, meta}. By default this whole school year.

export const GET = route(async (req: NextRequest) => {
  const { from, to } = onderwijstijdAsked(req.nextUrl.searchParams);
  return json(await onderwijstijdGroups(await requireConnection(), from, to));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
