import type { NextRequest } from 'next/server';
import { json, otherMethods, readBody } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { pinCover } from '@/lib/cover/cover.server';
import { coverPinBody } from '@/lib/cover/query';

// PUT /api/cover/pins {date, lesson, employee}: keep a reliever on one lesson of the day's plan
// (employee null: let the proposal choose again); the rest is solved around it.

export const PUT = route(async (req: NextRequest) => {
  const pin = await readBody(req, coverPinBody);
  const active = await requireConnection();
  await pinCover(active.connection.baseUrl, pin.date, pin.lesson, pin.employee);
  return json({ data: pin });
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
