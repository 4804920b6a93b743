import { apiText } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { HttpError, json, otherMethods } from '@/lib/platform/api.server';
import { route } from '@/lib/connection/route.server';

// POST /api/demo-code: in demo mode only, a fresh one-time code for the sandbox's demo partner.

export const POST = route(async () => {
  const portal = serverEnv().DEMO_PORTAL_URL;
  if (!portal) throw new HttpError(404, apiText('demo.unavailable'));
  const res = await fetch(`${new URL(portal).origin}/admin/partners/demo/codes`, {
    method: 'POST',
    signal: AbortSignal.timeout(5000),
  }).catch(() => null);
  if (!res?.ok) throw new HttpError(502, apiText('demo.noCode'));
  const { code } = (await res.json()) as { code: string };
  return json({ code });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
