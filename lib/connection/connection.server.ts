import 'server-only';
import { cache } from 'react';
import { serverEnv } from '@/lib/env.server';
import { readPartner, type PortalTarget } from '@/lib/partner-api/client.server';
import { checkPortalUrl } from '@/lib/partner-api/portal-url';
import type { Partner } from '@/lib/partner-api/schemas';
import type { ConnectionSummary } from '@/lib/connection/types';
import { readSession } from '@/lib/session/session.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { stateStore } from '@/lib/platform/state/state.server';
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
const rightsKey = (connectionId: string) => `rights:${connectionId}`;
// Reads under way in this process, so a page's parallel requests ask the portal once.
const rightsReads = processSingleton('rights-reads', () => new Map<string, Promise<Partner>>());

// The last rights read back per connection in this process, as text and parsed: every proxied read
// asks for them, and parsing the whole `/partners/~me` each time was garbage per request.
const rightsParsed = processSingleton('rights-parsed', () => new Map<string, { text: string; partner: Partner }>());

/**
 * `/partners/~me` of a connection, at most a minute old, kept in the state store so every
 * instance shares one read (and a disconnect clears it everywhere). It was parsed before it was
 * stored, and the store is Rooster's own, so it is read back as it was written; the same text
 * read again gives the same (shared, not to be changed) object.
 */
export async function getPartner(active: ActiveConnection): Promise<Partner> {
  const id = active.connection.id;
  const stored = await stateStore()
    .get(rightsKey(id))
    .catch(() => null);
  if (stored) {
    const kept = rightsParsed.get(id);
    if (kept?.text === stored) return kept.partner;
    const partner = JSON.parse(stored) as Partner;
    rightsParsed.delete(id);
    if (rightsParsed.size >= 1000) rightsParsed.delete(rightsParsed.keys().next().value!);
    rightsParsed.set(id, { text: stored, partner });
    return partner;
  }
  return readRights(active);
}

/**
 * `/partners/~me` asked of the portal now (joined with a read already under way), kept as
 * getPartner keeps it: for a write, which must not trust a token the portal may have revoked since
 * the last read. A refused token throws the portal's 401, which drops the connection.
 */
export async function checkPartner(active: ActiveConnection): Promise<Partner> {
  return readRights(active);
}

function readRights(active: ActiveConnection): Promise<Partner> {
  const id = active.connection.id;
  let reading = rightsReads.get(id);
  if (!reading) {
    reading = readPartner(active.target, { timeoutMs: serverEnv().UPSTREAM_TIMEOUT_MS }).then(async (partner) => {
      await stateStore()
        .set(rightsKey(id), JSON.stringify(partner), RIGHTS_TTL_MS)
        .catch(() => undefined);
      return partner;
    });
    rightsReads.set(id, reading);
    void reading.catch(() => undefined).finally(() => rightsReads.delete(id));
  }
  return reading;
}

export async function forgetPartner(connectionId: string): Promise<void> {
  rightsParsed.delete(connectionId);
  await stateStore()
    .delete(rightsKey(connectionId))
    .catch(() => undefined);
}
