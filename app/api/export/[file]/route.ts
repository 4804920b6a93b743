import { DELIMITERS, type DelimiterName } from '@/lib/api/contract';
import type { NextRequest } from 'next/server';
import { daysBetween, isIsoDate, today } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import type { TableT } from '@/lib/csv/format';
import { serverEnv } from '@/lib/env.server';
import { isResourceName } from '@/lib/partner-api/catalog';
import { buildListQuery } from '@/lib/partner-api/proxy-query';
import { errorResponse, HttpError } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { progressKey } from '@/lib/csv/export-progress.server';
import { getPartner } from '@/lib/connection/connection.server';
import { exportStream, weekParts } from '@/lib/csv/export-stream.server';
import { chargeWeekReads, takeHeavyRead } from '@/lib/platform/heavy-reads.server';

// GET /api/export/<endpoint>.csv?<the proxy's parameters>&from&to&delimiter&bom&format&exportId
// Streams the CSV; appointments are read a week at a time over any range up to a school year.

// The options' messages are in the interface's language, so the schema is made per request.
function optionsSchema(t: TableT) {
  const isoDate = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, t('api.notADate'))
    .refine((d) => isIsoDate(d), t('api.notARealDate'));
  return z.object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    delimiter: z.enum(Object.keys(DELIMITERS) as [DelimiterName, ...DelimiterName[]]).default('comma'),
    bom: z.enum(['0', '1']).default('1'),
    format: z.enum(['human', 'raw']).default('human'),
    exportId: z
      .string()
      .regex(/^[a-z0-9-]{8,40}$/, t('api.exportIdForm'))
      .optional(),
  });
}
const OPTION_NAMES = ['from', 'to', 'delimiter', 'bom', 'format', 'exportId'] as const;

export const GET = route<{ params: Promise<{ file: string }> }>(async (req: NextRequest, { params }) => {
  const [{ file }, t] = await Promise.all([params, getTranslations('table')]);
  const resource = file.replace(/\.csv$/, '');
  if (!file.endsWith('.csv') || !isResourceName(resource))
    return errorResponse(
      404,
      t('api.noSuchExport', { file: file.slice(0, 60), pattern: '/api/export/<endpoint>.csv' }),
    );
  const search = new URLSearchParams(req.nextUrl.searchParams);
  const options = optionsSchema(t).parse(
    Object.fromEntries(OPTION_NAMES.flatMap((k) => (search.has(k) ? [[k, search.get(k)]] : []))),
  );
  OPTION_NAMES.forEach((k) => search.delete(k));
  const env = serverEnv();
  const zone = env.SCHOOL_TIME_ZONE;

  let parts: { label: string; start?: number; end?: number }[] = [{ label: resource }];
  if (resource === 'appointments') {
    if (!options.from || !options.to) throw new HttpError(400, t('api.fromAndTo'));
    const days = daysBetween(options.from, options.to);
    if (days < 0) throw new HttpError(400, t('api.toBeforeFrom'));
    if (days > 400) throw new HttpError(400, t('api.tooLong'));
    search.delete('start');
    search.delete('end');
    parts = weekParts(options.from, options.to, zone);
  }

  const active = await requireConnection();
  const partner = await getPartner(active);
  const rights = partner.endpoints.find((e) => e.endpoint === resource);
  if (
    resource === 'appointments' &&
    rights &&
    !(rights.filterFields.includes('start') && rights.filterFields.includes('end'))
  ) {
    throw new HttpError(403, t('api.noStartEnd'));
  }
  const built = buildListQuery(
    resource,
    search,
    rights,
    partner.schoolInSchoolYears.map((p) => p.id),
  );
  if (!built.ok) throw new HttpError(built.status, built.text);

  // An export is charged to the budget every heavy read of weeks uses (a week a part), then is a
  // heavy read for as long as it streams.
  await chargeWeekReads(active.connection.id, parts.length);
  const release = await takeHeavyRead(active.connection.id);
  const stream = exportStream({
    resource,
    target: active.target,
    query: built.query,
    fields: built.query.get('fields')!.split(','),
    parts,
    delimiter: DELIMITERS[options.delimiter],
    bom: options.bom === '1',
    format: options.format,
    zone,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    exportId: options.exportId && progressKey(active.connection.id, options.exportId),
    t,
    onDone: release,
  });
  const project = built.query.get('schoolInSchoolYear')!.includes(',') ? 'all' : built.query.get('schoolInSchoolYear');
  const name = `${resource}-${project}-${today(zone)}.csv`;
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-rooster-parts': String(parts.length),
    },
  });
});
