import type { NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { isResourceName } from '@/lib/partner-api/catalog';
import { readList, readLiveSchedule } from '@/lib/partner-api/client';
import { buildListQuery, buildLiveScheduleQuery } from '@/lib/partner-api/proxy-query';
import { errorResponse, json, requireConnection, route } from '@/lib/server/api';
import { getPartner } from '@/lib/server/connection';

// GET /api/partner/<endpoint>: every catalogue endpoint, liveschedule and partners/~me, through
// the connected portal. The query is checked against the catalogue and the rights first.

type Context = { params: Promise<{ endpoint: string[] }> };

export const GET = route<Context>(async (req: NextRequest, { params }) => {
  const name = (await params).endpoint.join('/');
  const search = req.nextUrl.searchParams;
  const active = await requireConnection();
  const partner = await getPartner(active);
  const settings = { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS };

  if (name === 'partners/~me') {
    if ([...search.keys()].length > 0) return errorResponse(400, '/partners/~me takes no parameters.');
    return json({ data: partner });
  }
  const rights = partner.endpoints.find((e) => e.endpoint === name);
  const projects = partner.schoolInSchoolYears.map((p) => p.id);
  if (name === 'liveschedule') {
    const built = buildLiveScheduleQuery(search, rights, projects);
    if (!built.ok) return errorResponse(built.status, built.message);
    const result = await readLiveSchedule(active.target, built.query, settings);
    return json({ data: result.rows, meta: { durationMs: result.durationMs, request: `GET ${result.url}` } });
  }
  if (!isResourceName(name)) return errorResponse(404, `The partner API has no endpoint /${name.slice(0, 60)}.`);
  const built = buildListQuery(name, search, rights, projects);
  if (!built.ok) return errorResponse(built.status, built.message);
  const result = await readList(active.target, name, built.query, settings);
  const meta = {
    totalRows: result.totalRows,
    unreadable: result.unreadable,
    durationMs: result.durationMs,
    request: `GET ${result.url}`,
  };
  // Records the portal sent in canonical form go out as received, without being written again.
  if (result.verbatim !== null) {
    const body = Buffer.concat([
      Buffer.from(`{"meta":${JSON.stringify(meta)},"envelope":`),
      result.verbatim,
      Buffer.from('}'),
    ]);
    return new Response(body, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
  }
  return json({ data: result.rows, meta });
});
