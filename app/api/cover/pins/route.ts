import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods, readBody } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { requireCoverPlanner } from '@/lib/cover/access.server';
import { coverDayFor } from '@/lib/cover/cover.server';
import { dayLessons, pinCover } from '@/lib/cover/plan-store.server';
import { coverPinBody } from '@/lib/cover/query';

// PUT /api/cover/pins {date, lesson, employee}: keep a reliever on one of the day's lessons to
// cover (employee null: let the proposal choose again); the rest is solved around it. Only a cover
// planner, and only a lesson the day's answer lists as open.

export const PUT = route(async (req: NextRequest) => {
  const pin = await readBody(req, coverPinBody);
  const active = await requireConnection();
  await requireCoverPlanner(active, { write: true });
  const portal = active.connection.baseUrl;
  // The day's lessons as its last answer found them; a day not read yet is read first.
  let lessons = await dayLessons(portal, pin.date);
  if (lessons === null) {
    await coverDayFor(active, pin.date);
    lessons = (await dayLessons(portal, pin.date)) ?? [];
  }
  if (pin.employee !== null && !lessons.includes(pin.lesson))
    throw new HttpError(400, apiText('cover.notThatDaysLesson'), { field: 'lesson' });
  await pinCover(portal, pin.date, pin.lesson, pin.employee, {
    connectionId: active.connection.id,
    partnerName: active.connection.partnerName,
  });
  return json({ data: pin });
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
