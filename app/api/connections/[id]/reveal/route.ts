import type { NextRequest } from 'next/server';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { requireSession, route } from '@/lib/connection/route.server';
import { claimReveal, writeSession } from '@/lib/session/session.server';

// POST /api/connections/<id>/reveal: the one answer that ever carries a token, once per
// connection made with a code (the portal will not hand the token out again).

export const POST = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const { id } = await params;
  const session = await requireSession();
  const connection = session.connections.find((c) => c.id === id);
  if (!connection) throw new HttpError(404, apiText('session.noSuchConnection'));
  if (!connection.revealable || !(await claimReveal(id))) throw new HttpError(409, apiText('session.alreadyRevealed'));
  await writeSession({
    ...session,
    connections: session.connections.map((c) => (c.id === id ? { ...c, revealable: false } : c)),
  });
  return json({ token: connection.token });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
