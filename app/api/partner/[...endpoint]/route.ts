import type { NextRequest } from 'next/server';
import { isResourceName } from '@/lib/partner-api/catalog';
import { apiText } from '@/lib/api/api-text';
import { HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { getPartner } from '@/lib/connection/connection.server';
import { readProxiedList, readProxiedLiveSchedule, streamProxiedList } from '@/lib/proxy/partner-read.server';

// GET /api/partner/<endpoint>: every catalogue endpoint, liveschedule and partners/~me, through the
// connected portal, checked against the catalogue and the rights first. Lists answer `{data, meta}`,
// or, where nothing is narrowed, the portal's envelope as it arrives (see streamProxiedList).

type Context = { params: Promise<{ endpoint: string[] }> };

export const GET = route<Context>(async (req: NextRequest, { params }) => {
  const name = (await params).endpoint.join('/');
  const search = req.nextUrl.searchParams;
  const active = await requireConnection();
  if (name === 'partners/~me') {
    if ([...search.keys()].length > 0) throw new HttpError(400, apiText('proxy.meNoParameters'));
    return json({ data: await getPartner(active) });
  }
  if (name === 'liveschedule') return json(await readProxiedLiveSchedule(active, search));
  if (!isResourceName(name)) throw new HttpError(404, apiText('proxy.noEndpoint', { name: name.slice(0, 60) }));
  // Passed on as the portal's bytes where nothing is narrowed; else read, narrowed and answered.
  return (
    (await streamProxiedList(active, name, search, req.signal)) ??
    json(await readProxiedList(active, name, search, req.signal))
  );
});

// The partner API is read-only: every other method a 405 in words with `Allow`, not Next's bare one.
export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
