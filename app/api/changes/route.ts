import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { apiText, apiTranslator } from '@/lib/api/api-text';
import { requireConnection, route } from '@/lib/connection/route.server';
import { getPartner } from '@/lib/connection/connection.server';
import { DEFAULT_GROUPING } from '@/lib/changes/config';
import { changesConfig } from '@/lib/changes/config.server';
import { readDayChanges } from '@/lib/changes/changes.server';
import { answerLocale, HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { rightsFor } from '@/lib/rights/page-rights.server';
import { isoDay } from '@/lib/staffing/query';

// GET /api/changes?date=2026-11-18: the day's changes and absent staff, {data, meta}, computed here
// from the week's versions (lib/changes/day-changes, the one rule) so the page gets the day's list.

const changesQuery = z.object({ date: isoDay.optional() });

export const GET = route(async (req: NextRequest) => {
  const query = changesQuery.parse(Object.fromEntries(req.nextUrl.searchParams));
  const active = await requireConnection();
  const partner = await getPartner(active);
  const rights = rightsFor(partner, 'appointments');
  if (!rights) throw new HttpError(403, apiText('proxy.endpointRefused', { resource: 'appointments' }));
  const config = changesConfig(partner, rights, query.date, DEFAULT_GROUPING, false);
  return json(await readDayChanges(active, partner, config, apiTranslator(answerLocale(req))));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
