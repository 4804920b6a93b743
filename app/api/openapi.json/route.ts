import type { NextRequest } from 'next/server';
import { openApiDocument } from '@/lib/openapi/document';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { getPartner } from '@/lib/connection/connection.server';

// GET /api/openapi.json: an OpenAPI 3.1 document of exactly what the active connection's token may
// do on its portal (granted endpoints, fields and filters), for code generators. No token inside.

export const GET = route(async (req: NextRequest) => {
  if ([...req.nextUrl.searchParams.keys()].length > 0) throw new HttpError(400, apiText('openapi.noParameters'));
  const active = await requireConnection();
  const partner = await getPartner(active);
  // The host and its port apart (`openapi-127.0.0.1-4110.json`, not `127.0.0.14110`).
  const url = new URL(active.target.baseUrl);
  const host = [url.hostname, url.port]
    .filter(Boolean)
    .join('-')
    .replace(/[^A-Za-z0-9.-]/g, '');
  return json(openApiDocument({ partner, baseUrl: active.target.baseUrl }), 200, {
    'content-disposition': `inline; filename="openapi-${host}.json"`,
    'cache-control': 'no-store',
  });
});
