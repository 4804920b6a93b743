import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { requireSession, route } from '@/lib/connection/route.server';
import { writeSession } from '@/lib/session/session.server';

// POST /api/connections/<id>/activate: switch the portal the dashboard shows.

export const POST = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const { id } = await params;
  const session = await requireSession();
  if (!session.connections.some((c) => c.id === id)) throw new HttpError(404, apiText('session.noSuchConnection'));
  await writeSession({ ...session, activeId: id });
  return json({ active: id });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
