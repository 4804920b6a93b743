import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { serverEnv } from '@/lib/env.server';
import { stateStore } from '@/lib/platform/state/state.server';
import {
  connectionEndsAt,
  longestLifetimeSeconds,
  MAX_CONNECTIONS,
  sealSession,
  unsealSession,
  type SessionData,
  type SessionState,
  type StoredConnection,
} from './seal.server';

// The session cookie: HttpOnly, SameSite=Strict, and in production Secure with a __Host- name.

// Disconnected connections and revealed tokens are remembered in the state store (shared by every
// instance, kept across restarts) until no cookie holding them could still be valid.
const removedKey = (id: string) => `removed:${id}`;
const revealedKey = (id: string) => `revealed:${id}`;
const rememberMs = () => longestLifetimeSeconds(settings().lifetimes) * 1000 + 60_000;
/** A stay-connected connection's last use is written back at most this often. */
const RENEW_AFTER_MS = 3600_000;

export function cookieName(): string {
  return serverEnv().NODE_ENV === 'production' ? '__Host-rooster' : 'rooster';
}

function settings() {
  const env = serverEnv();
  return {
    secrets: { current: env.SESSION_SECRET, previous: env.SESSION_SECRET_PREVIOUS },
    lifetimes: { ttlSeconds: env.SESSION_TTL_HOURS * 3600, staySeconds: env.SESSION_MAX_DAYS * 86_400 },
    production: env.NODE_ENV === 'production',
  };
}

export async function readSession(): Promise<SessionState> {
  const store = await cookies();
  const { secrets, lifetimes } = settings();
  return unsealSession(store.get(cookieName())?.value, secrets, lifetimes, isRemovedConnection);
}

/** A connection that left a session (replaced, disconnected, refused by the portal) and stays refused. */
export async function isRemovedConnection(id: string): Promise<boolean> {
  return (await stateStore().get(removedKey(id))) !== null;
}

export async function writeSession(data: SessionData | null): Promise<void> {
  const store = await cookies();
  const cookie = await sessionCookie(data);
  store.set(cookie.name, cookie.value, cookie.options);
}

/** The session cookie to set for `data` (one that ends at once when no connection is left). */
export async function sessionCookie(data: SessionData | null) {
  const { secrets, lifetimes, production } = settings();
  const options = { httpOnly: true, sameSite: 'strict' as const, secure: production, path: '/' };
  // As Next's cookies().delete() writes it: empty, expired.
  if (!data || data.connections.length === 0)
    return { name: cookieName(), value: '', options: { ...options, expires: new Date(0) } };
  // The cookie lasts as long as its longest-lived connection.
  const last = Math.max(...data.connections.map((c) => connectionEndsAt(c, lifetimes)));
  const maxAge = Math.max(1, Math.floor((last - Date.now()) / 1000));
  return { name: cookieName(), value: await sealSession(data, secrets, lifetimes), options: { ...options, maxAge } };
}

/** How a session cookie is read where Next's cookies() is not at hand (the front layer). */
export function sessionReading() {
  const { secrets, lifetimes } = settings();
  return { name: cookieName(), secrets, lifetimes };
}

/** Unix ms when a stored connection ends, under this server's lifetimes. */
export function connectionEnds(connection: StoredConnection): number {
  return connectionEndsAt(connection, settings().lifetimes);
}

/**
 * Renews a stay-connected active connection that is being used (route handlers only: pages
 * cannot set cookies). Written at most hourly, so most requests set no cookie.
 */
export async function renewWhileUsed(data: SessionData, now = Date.now()): Promise<void> {
  if (!renewalDue(data, now)) return;
  const active = data.connections.find((c) => c.id === data.activeId);
  await writeSession({
    ...data,
    connections: data.connections.map((c) => (c === active ? { ...c, lastUsedAt: now } : c)),
  });
}

/** Whether the active connection stays connected and was last renewed over an hour ago. */
export function renewalDue(data: SessionData, now = Date.now()): boolean {
  const active = data.connections.find((c) => c.id === data.activeId);
  return !!active?.stay && now - (active.lastUsedAt ?? active.connectedAt) >= RENEW_AFTER_MS;
}

export function newConnectionId(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * Adds a connection and makes it active; at most five. A connection to the same portal is replaced,
 * and the one it replaces is remembered as removed (as by a disconnect): a copy of the cookie taken
 * before the reconnect no longer opens it.
 */
export async function withConnection(current: SessionData | null, connection: StoredConnection): Promise<SessionData> {
  const all = current?.connections ?? [];
  const others = all.filter((c) => c.baseUrl !== connection.baseUrl);
  if (others.length >= MAX_CONNECTIONS) throw new TooManyConnections();
  await forgetRemoved(all.filter((c) => c.baseUrl === connection.baseUrl).map((c) => c.id));
  return { v: 1, connections: [...others, connection], activeId: connection.id };
}

/** The session without a connection, which is remembered as removed: no old cookie copy opens it again. */
export async function withoutConnection(current: SessionData, id: string): Promise<SessionData> {
  await forgetRemoved([id]);
  const connections = current.connections.filter((c) => c.id !== id);
  return { v: 1, connections, activeId: current.activeId === id ? (connections[0]?.id ?? null) : current.activeId };
}

/** Remembers connections as removed for as long as any copy of a cookie holding them could be valid. */
async function forgetRemoved(ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => stateStore().set(removedKey(id), '1', rememberMs())));
}

export class TooManyConnections extends Error {
  constructor() {
    super(`You can hold connections to ${MAX_CONNECTIONS} portals at once. Disconnect one first.`);
  }
}

/** True once per connection, whichever cookie copy or instance asks: the token is shown at most once. */
export async function claimReveal(id: string): Promise<boolean> {
  return stateStore().setIfAbsent(revealedKey(id), '1', rememberMs());
}
