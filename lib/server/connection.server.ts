import 'server-only';
import { cache } from 'react';
import { serverEnv } from '@/lib/env.server';
import { readPartner, type PortalTarget } from '@/lib/partner-api/client.server';
import { checkPortalUrl } from '@/lib/partner-api/portal-url';
import type { Partner } from '@/lib/partner-api/schemas';
import type { ConnectionSummary } from '@/lib/connection/types';
import { readSession } from '@/lib/session/session.server';
import { processSingleton } from './singleton.server';
import type { SessionData, SessionState, StoredConnection } from '@/lib/session/seal.server';

// The request's connection: its session, the active portal as a client target, and the
// partner's rights from /partners/~me, cached briefly per connection.

export interface ActiveConnection {
  session: SessionData;
  connection: StoredConnection;
  target: PortalTarget;
}

export type ConnectionLookup =
  | { status: 'ok'; active: ActiveConnection }
  | { status: 'none' }
  | { status: 'invalid'; reason: Extract<SessionState, { status: 'invalid' }>['reason'] | 'not-allowed' };

/** The session's active connection; once per request. */
export const getActiveConnection = cache(async (): Promise<ConnectionLookup> => {
  const state = await readSession();
  if (state.status !== 'ok') return state;
  const connection = state.data.connections.find((c) => c.id === state.data.activeId)!;
  const target = targetFor(connection);
  if (!target) return { status: 'invalid', reason: 'not-allowed' };
  return { status: 'ok', active: { session: state.data, connection, target } };
});

/** The client target of a stored connection, re-checked against today's allowlist. */
export function targetFor(connection: StoredConnection): PortalTarget | null {
  const check = checkPortalUrl(connection.baseUrl, serverEnv().ALLOWED_PORTAL_ORIGINS);
  return check.ok ? { baseUrl: check.baseUrl, trust: check.trust, token: connection.token } : null;
}

export function summarize(connection: StoredConnection): ConnectionSummary {
  return { id: connection.id, portalOrigin: new URL(connection.baseUrl).origin, partnerName: connection.partnerName };
}

const RIGHTS_TTL_MS = 60_000;
const rightsCache = processSingleton(
  'rights-cache',
  () => new Map<string, { at: number; partner: Promise<Partner> }>(),
);

/** `/partners/~me` of a connection, at most a minute old. */
export function getPartner(active: ActiveConnection): Promise<Partner> {
  const hit = rightsCache.get(active.connection.id);
  if (hit && Date.now() - hit.at < RIGHTS_TTL_MS) return hit.partner;
  const partner = readPartner(active.target, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS });
  rightsCache.set(active.connection.id, { at: Date.now(), partner });
  partner.catch(() => rightsCache.delete(active.connection.id));
  return partner;
}

export function forgetPartner(connectionId: string): void {
  rightsCache.delete(connectionId);
}
