import { lessonsReader } from '@/lib/lessons/reader.server';
import type { NextRequest } from 'next/server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { queryInput, staffingQuerySchema } from '@/lib/staffing/query';
import { schoolGroups } from '@/lib/staffing/staffing.server';

// GET /api/staffing/groups?schoolInSchoolYear=…: per subject on a department the expected against
// the planned teaching groups, the groups without a teacher and the groups per teacher. Without a
// project: this school year's projects (last year's plan is not this year's).

export const GET = route(async (req: NextRequest) => {
  const query = staffingQuerySchema.parse(queryInput(req.nextUrl.searchParams));
  const reader = await lessonsReader(await requireConnection(), query.schoolInSchoolYear, { thisSchoolYear: true });
  return json(await schoolGroups(reader));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
