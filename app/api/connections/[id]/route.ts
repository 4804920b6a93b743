import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { requireSession, route } from '@/lib/connection/route.server';
import { forgetPartner } from '@/lib/connection/connection.server';
import { withoutConnection, writeSession } from '@/lib/session/session.server';

// DELETE /api/connections/<id>: disconnect. The id is also remembered as removed, so an old copy
// of the cookie no longer opens it.

export const DELETE = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const { id } = await params;
  const session = await requireSession();
  if (!session.connections.some((c) => c.id === id)) throw new HttpError(404, apiText('session.noSuchConnection'));
  const next = await withoutConnection(session, id);
  await forgetPartner(id);
  await writeSession(next.connections.length > 0 ? next : null);
  return json({ disconnected: id, remaining: next.connections.length });
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
