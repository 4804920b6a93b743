import type { NextRequest } from 'next/server';
import { json, otherMethods, readBody } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { requireCoverPlanner } from '@/lib/cover/access.server';
import { coverSettingsRecord, saveCoverSettings } from '@/lib/cover/plan-store.server';
import { coverSettingsBody } from '@/lib/cover/query';

// GET/PUT /api/cover/settings: the portal's cover settings (weights, window, caps, who is not to
// be asked), shared by every scheduler of the school, with who changed them last (`meta.changed`).
// Only a cover planner (the rights cover planning reads; a write asks the portal for them anew).

export const GET = route(async () => {
  const active = await requireConnection();
  await requireCoverPlanner(active);
  const { settings, changed } = await coverSettingsRecord(active.connection.baseUrl);
  return json({ data: settings, meta: { changed } });
});

export const PUT = route(async (req: NextRequest) => {
  const settings = await readBody(req, coverSettingsBody);
  const active = await requireConnection();
  await requireCoverPlanner(active, { write: true });
  const changed = await saveCoverSettings(active.connection.baseUrl, settings, {
    connectionId: active.connection.id,
    partnerName: active.connection.partnerName,
  });
  return json({ data: settings, meta: { changed } });
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
