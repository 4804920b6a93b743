import type { NextRequest } from 'next/server';
import { json, otherMethods, readBody } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { onderwijstijdSettingsSchema } from '@/lib/onderwijstijd/settings';
import {
  onderwijstijdSettingsRecord,
  requireOnderwijstijd,
  saveOnderwijstijdSettings,
} from '@/lib/onderwijstijd/settings.server';

// GET/PUT /api/onderwijstijd/settings: the school's onderwijstijd settings (the types that count,
// each leerjaar's share of the norm, the department codes' opleidingen), shared by everyone reading
// the portal's onderwijstijd, with who changed them last (`meta.changed`).

export const GET = route(async () => {
  const active = await requireConnection();
  await requireOnderwijstijd(active);
  const { settings, changed } = await onderwijstijdSettingsRecord(active.connection.baseUrl);
  return json({ data: settings, meta: { changed } });
});

export const PUT = route(async (req: NextRequest) => {
  const settings = await readBody(req, onderwijstijdSettingsSchema);
  const active = await requireConnection();
  await requireOnderwijstijd(active, { write: true });
  const changed = await saveOnderwijstijdSettings(active.connection.baseUrl, settings, {
    connectionId: active.connection.id,
    partnerName: active.connection.partnerName,
  });
  return json({ data: settings, meta: { changed } });
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
