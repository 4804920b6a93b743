import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { onderwijstijdStudents } from '@/lib/onderwijstijd/onderwijstijd.server';
import { onderwijstijdAsked } from '@/lib/onderwijstijd/period.server';

// GET /api/onderwijstijd/students?group=4h1&from=&to=: the klas's students one by one (programmed,
// realised, expected, lesuitval by cause, the norm to date), {data, meta}; an unknown klas is a 400.

const groupSchema = z.string({ error: 'onderwijstijd.unknownGroup' }).trim().min(1).max(100);

export const GET = route(async (req: NextRequest) => {
  const { from, to } = onderwijstijdAsked(req.nextUrl.searchParams);
  const group = groupSchema.parse(req.nextUrl.searchParams.get('group') ?? undefined);
  return json(await onderwijstijdStudents(await requireConnection(), group, from, to));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
