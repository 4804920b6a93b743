import { json, otherMethods } from '@/lib/platform/api.server';
import { route } from '@/lib/connection/route.server';
import { getActiveConnection } from '@/lib/connection/connection.server';

// GET /api/connections/active: which connection is active in this cookie (its id, or null), no
// more: a page brought back by the browser's history checks it is still the one it was made for.

export const GET = route(async () => {
  const lookup = await getActiveConnection();
  return json({ data: { activeId: lookup.status === 'ok' ? lookup.active.connection.id : null } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
