import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods, route } from '@/lib/server/api.server';
import { claimReveal, readSession, writeSession } from '@/lib/session/session.server';

// POST /api/connections/<id>/reveal: the one answer that ever carries a token, once per
// connection made with a code (the portal will not hand the token out again).

export const POST = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const { id } = await params;
  const state = await readSession();
  const connection = state.status === 'ok' ? state.data.connections.find((c) => c.id === id) : undefined;
  if (state.status !== 'ok' || !connection) throw new HttpError(404, apiText('session.noSuchConnection'));
  if (!connection.revealable || !(await claimReveal(id))) throw new HttpError(409, apiText('session.alreadyRevealed'));
  await writeSession({
    ...state.data,
    connections: state.data.connections.map((c) => (c.id === id ? { ...c, revealable: false } : c)),
  });
  return json({ token: connection.token });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
