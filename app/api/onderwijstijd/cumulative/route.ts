import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { onderwijstijdCumulative } from '@/lib/onderwijstijd/onderwijstijd.server';
import { onderwijstijdAsked } from '@/lib/onderwijstijd/period.server';

// GET /api/onderwijstijd/cumulative?from=&to=[&group=4h1]: onderwijstijd over the opleiding — each
// earlier school year the portal grants, counted whole, plus this year to date, against the norm over
// the same years; per klas (its mean student), or with `group` the klas's students one by one, each
// with its years as parts. {data, meta}; an unknown klas is a 400.

// No klas (or `group=` left empty): the school's klassen.
const groupSchema = z.preprocess((g) => (typeof g === 'string' ? g.trim() || null : g), z.string().max(100).nullable());

export const GET = route(async (req: NextRequest) => {
  const { from, to } = onderwijstijdAsked(req.nextUrl.searchParams);
  const group = groupSchema.parse(req.nextUrl.searchParams.get('group'));
  return json(await onderwijstijdCumulative(await requireConnection(), { from, to, group }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
