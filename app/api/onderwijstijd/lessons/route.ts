import type { NextRequest } from 'next/server';
import { json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { onderwijstijdLessons } from '@/lib/onderwijstijd/onderwijstijd.server';
import { onderwijstijdAsked } from '@/lib/onderwijstijd/period.server';
import { studentCode } from '@/lib/onderwijstijd/query';

// GET /api/onderwijstijd/lessons?student=123456&group=4h1&from=&to=: the student's lessons that did
// not happen in the period (each its first version, its time, and why), the rule of their lesuitval.

export const GET = route(async (req: NextRequest) => {
  const asked = onderwijstijdAsked(req.nextUrl.searchParams);
  const student = studentCode.parse(req.nextUrl.searchParams.get('student') ?? undefined);
  return json(
    await onderwijstijdLessons(await requireConnection(), {
      student,
      group: asked.group ?? null,
      from: asked.from,
      to: asked.to,
    }),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
