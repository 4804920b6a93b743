import { describe, expect, it } from 'vitest';
import { serverTestEnv } from '@/tests/support/server-env';
import type { SessionData, StoredConnection } from './seal.server';

// Whatever leaves a session is remembered as removed, so an older copy of the cookie opens nothing.

serverTestEnv('session');

const { isRemovedConnection, TooManyConnections, withConnection, withoutConnection } = await import('./session.server');

const at = (id: string, baseUrl = 'https://school.example/api'): StoredConnection => ({
  id: `${id}-${Math.random().toString(36).slice(2)}`,
  baseUrl,
  token: 'tok',
  partnerName: 'P',
  connectedAt: Date.now(),
  revealable: true,
});
const holding = (...connections: StoredConnection[]): SessionData => ({
  v: 1,
  connections,
  activeId: connections.at(-1)!.id,
});

describe('leaving a session', () => {
  it('remembers a connection replaced by a reconnect to the same portal as removed', async () => {
    const old = at('old');
    const other = at('other', 'https://other.example/api');
    const fresh = at('fresh');
    const next = await withConnection(holding(other, old), fresh);
    expect(next.connections.map((c) => c.id)).toEqual([other.id, fresh.id]);
    expect(next.activeId).toBe(fresh.id);
    expect(await isRemovedConnection(old.id)).toBe(true);
    // Only the replaced one: the other portal's connection and the new one stay open.
    expect(await isRemovedConnection(other.id)).toBe(false);
    expect(await isRemovedConnection(fresh.id)).toBe(false);
  });

  it('remembers a disconnected connection as removed', async () => {
    const one = at('one');
    const next = await withoutConnection(holding(one), one.id);
    expect(next.connections).toEqual([]);
    expect(await isRemovedConnection(one.id)).toBe(true);
  });

  it('refuses a sixth portal without removing anything', async () => {
    const five = Array.from({ length: 5 }, (_, i) => at(`p${i}`, `https://p${i}.example/api`));
    await expect(withConnection(holding(...five), at('sixth', 'https://six.example/api'))).rejects.toBeInstanceOf(
      TooManyConnections,
    );
    for (const c of five) expect(await isRemovedConnection(c.id)).toBe(false);
  });
});
