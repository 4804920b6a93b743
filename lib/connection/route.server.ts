import 'server-only';
import { headers } from 'next/headers';
import { apiText, say } from '@/lib/api/api-text';
import { CONNECTION_HEADER } from '@/lib/api/contract';
import { apiErrorBody, apiStatusFor, PartnerApiError } from '@/lib/partner-api/errors';
import { HttpError, json, routeWith, type FailureAnswer } from '@/lib/platform/api.server';
import type { SessionData } from '@/lib/session/seal.server';
import { readSession, renewWhileUsed, withoutConnection, writeSession } from '@/lib/session/session.server';
import { forgetPartner, getActiveConnection, type ActiveConnection } from './connection.server';

// The route handlers' wrapper: the platform's (same-origin check, failures in words, one log line)
// with the portal's failures answered as the API's `{error}`; a token the portal refuses (401)
// drops the active connection, so the next page asks to connect again.

/**
 * The portal's failures answered as the API's `{error}`; a refused token drops the active
 * connection as `drop` does it (from the request's cookie in a route; the front layer, which has no
 * Next request to set cookies on, brings its own).
 */
export function portalFailure(drop: () => Promise<void>): FailureAnswer {
  return async (error, t) => {
    if (!(error instanceof PartnerApiError)) return undefined;
    const body = apiErrorBody(error, t);
    if (apiStatusFor(error) === 401) {
      await drop();
      body.error.message = say(t, apiText('session.tokenRefused', { reason: body.error.message }));
    }
    const headers: Record<string, string> =
      error.info.retryAfter !== undefined ? { 'retry-after': String(error.info.retryAfter) } : {};
    return json(body, body.error.status, headers);
  };
}

export const route = routeWith(portalFailure(dropActiveConnection));

async function dropActiveConnection() {
  const state = await readSession();
  if (state.status !== 'ok' || !state.data.activeId) return;
  await forgetPartner(state.data.activeId);
  await writeSession(await withoutConnection(state.data, state.data.activeId));
}

/** The active connection, or a 401 that says what to do. */
export async function requireConnection(): Promise<ActiveConnection> {
  const lookup = await getActiveConnection();
  if (lookup.status === 'ok') {
    const expected = (await headers()).get(CONNECTION_HEADER);
    if (expected && expected !== lookup.active.connection.id) throw new HttpError(409, apiText('session.switched'));
    // A stay-connected connection lives from its last use: renewed here, where cookies can be set.
    await renewWhileUsed(lookup.active.session);
    return lookup.active;
  }
  throw notConnected(lookup);
}

/**
 * The session's connections (for the routes that manage them), or the same 401 as requireConnection:
 * a cookie that holds only removed or expired connections opens none of them.
 */
export async function requireSession(): Promise<SessionData> {
  const state = await readSession();
  if (state.status === 'ok') return state.data;
  throw notConnected(state);
}

function notConnected(state: { status: 'none' } | { status: 'invalid'; reason: string }): HttpError {
  return new HttpError(
    401,
    apiText(
      state.status === 'none' ? 'session.none' : state.reason === 'expired' ? 'session.expired' : 'session.invalid',
    ),
  );
}
