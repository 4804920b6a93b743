import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods, route } from '@/lib/server/api.server';
import { readSession, writeSession } from '@/lib/session/session.server';

// POST /api/connections/<id>/activate: switch the portal the dashboard shows.

export const POST = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const { id } = await params;
  const state = await readSession();
  if (state.status !== 'ok' || !state.data.connections.some((c) => c.id === id))
    throw new HttpError(404, apiText('session.noSuchConnection'));
  await writeSession({ ...state.data, activeId: id });
  return json({ active: id });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
