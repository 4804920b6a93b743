import type { NextRequest } from 'next/server';
import { json, otherMethods, readBody } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { coverSettings, saveCoverSettings } from '@/lib/cover/cover.server';
import { coverSettingsBody } from '@/lib/cover/query';

// GET/PUT /api/cover/settings: the portal's cover settings (weights, window, caps, who is not to
// be asked), shared by every scheduler of the school.

export const GET = route(async () => {
  const active = await requireConnection();
  return json({ data: await coverSettings(active.connection.baseUrl) });
});

export const PUT = route(async (req: NextRequest) => {
  const settings = await readBody(req, coverSettingsBody);
  const active = await requireConnection();
  await saveCoverSettings(active.connection.baseUrl, settings);
  return json({ data: settings });
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
