import 'server-only';
import { sealData, unsealData } from 'iron-session';

// The session cookie's contents, sealed by iron-session. Rotation: new seals use the current
// secret; a seal the current secret cannot open is tried with the previous one. A connection
// lives SESSION_TTL_HOURS from when it was made; one made with "stay connected" lives
// SESSION_MAX_DAYS from its last use. Neither outlives the token the portal gave.

export interface StoredConnection {
  id: string;
  /** `https://school.example/api`, as checked at connect time. */
  baseUrl: string;
  token: string;
  partnerName: string;
  /** Unix ms. */
  connectedAt: number;
  /** The token may be shown once, right after a code exchange. */
  revealable: boolean;
  /** "Stay connected on this device": lives from its last use, up to SESSION_MAX_DAYS. */
  stay?: boolean;
  /** Unix ms; renewed (at most hourly) while a stay-connected connection is used. */
  lastUsedAt?: number;
  /** Unix ms when the portal's token ends (`expires_in` at the exchange), if it said. */
  tokenExpiresAt?: number | null;
}

/** How long connections live, in seconds. */
export interface Lifetimes {
  /** The default, for shared computers: from when the connection was made. */
  ttlSeconds: number;
  /** "Stay connected": from the connection's last use. */
  staySeconds: number;
}

/** Unix ms when a connection ends. */
export function connectionEndsAt(c: StoredConnection, lifetimes: Lifetimes): number {
  const own = c.stay
    ? (c.lastUsedAt ?? c.connectedAt) + lifetimes.staySeconds * 1000
    : c.connectedAt + lifetimes.ttlSeconds * 1000;
  return typeof c.tokenExpiresAt === 'number' ? Math.min(own, c.tokenExpiresAt) : own;
}

/** The longest any connection can live: what the seal itself and memories of removals must cover. */
export const longestLifetimeSeconds = (l: Lifetimes) => Math.max(l.ttlSeconds, l.staySeconds);

export interface SessionData {
  v: 1;
  connections: StoredConnection[];
  activeId: string | null;
}

export type SessionState =
  | { status: 'none' }
  | { status: 'invalid'; reason: 'unreadable' | 'expired' | 'removed' }
  | { status: 'ok'; data: SessionData };

export interface SealSecrets {
  current: string;
  previous?: string;
}

export const MAX_CONNECTIONS = 5;

export async function sealSession(data: SessionData, secrets: SealSecrets, lifetimes: Lifetimes): Promise<string> {
  return sealData(data, { password: secrets.current, ttl: longestLifetimeSeconds(lifetimes) });
}

/**
 * Opens a cookie value. Connections older than the TTL and connections removed on this server
 * are dropped; if none is left (or the active one went) the session is not connected.
 */
export async function unsealSession(
  seal: string | undefined,
  secrets: SealSecrets,
  lifetimes: Lifetimes,
  isRemoved: (id: string) => boolean | Promise<boolean>,
  now = Date.now(),
): Promise<SessionState> {
  if (!seal) return { status: 'none' };
  return judgeSession(await openSeal(seal, secrets, lifetimes), lifetimes, isRemoved, now);
}

/**
 * The seal's contents as sealed (iron-session's unseal, the previous secret tried second), or {}
 * when neither secret opens it. The costly half of unsealSession (PBKDF2): the same seal always
 * opens to the same contents, so a caller may keep the result (see partner-stream-front.server.ts).
 */
export async function openSeal(
  seal: string,
  secrets: SealSecrets,
  lifetimes: Lifetimes,
): Promise<Partial<SessionData>> {
  const ttlSeconds = longestLifetimeSeconds(lifetimes);
  let raw = (await unsealData(seal, { password: secrets.current, ttl: ttlSeconds }).catch(
    () => ({}),
  )) as Partial<SessionData>;
  if (raw.v !== 1 && secrets.previous)
    raw = (await unsealData(seal, { password: secrets.previous, ttl: ttlSeconds }).catch(
      () => ({}),
    )) as Partial<SessionData>;
  return raw;
}

/** The other half, run on every request: lifetimes, removed connections, the active one. */
export async function judgeSession(
  raw: Partial<SessionData>,
  lifetimes: Lifetimes,
  isRemoved: (id: string) => boolean | Promise<boolean>,
  now = Date.now(),
): Promise<SessionState> {
  if (raw.v !== 1 || !Array.isArray(raw.connections)) return { status: 'invalid', reason: 'unreadable' };
  const alive = raw.connections.filter((c) => now < connectionEndsAt(c, lifetimes));
  const removed = await Promise.all(alive.map((c) => isRemoved(c.id)));
  const kept = alive.filter((_, i) => !removed[i]);
  if (kept.length === 0)
    return { status: 'invalid', reason: alive.length < raw.connections.length ? 'expired' : 'removed' };
  const activeId = raw.activeId && kept.some((c) => c.id === raw.activeId) ? raw.activeId : null;
  if (raw.activeId && !activeId)
    return { status: 'invalid', reason: alive.some((c) => c.id === raw.activeId) ? 'removed' : 'expired' };
  return { status: 'ok', data: { v: 1, connections: kept, activeId: activeId ?? kept[0]!.id } };
}
