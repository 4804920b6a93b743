import { describe, expect, it } from 'vitest';
import { sealSession, unsealSession, type SessionData } from './seal.server';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const L = { ttlSeconds: 12 * 3600, staySeconds: 30 * 86_400 };
const now = Date.UTC(2026, 10, 21, 9);
const session = (connectedAt = now - 1000): SessionData => ({
  v: 1,
  activeId: 'c1',
  connections: [
    { id: 'c1', baseUrl: 'https://school.example/api', token: 'tok', partnerName: 'P', connectedAt, revealable: false },
  ],
});
const never = () => false;

describe('the session seal', () => {
  it('opens what it sealed', async () => {
    const seal = await sealSession(session(), { current: A }, L);
    expect(seal).not.toContain('tok');
    expect(await unsealSession(seal, { current: A }, L, never, now)).toEqual({ status: 'ok', data: session() });
  });

  it('has no session without a cookie', async () => {
    expect(await unsealSession(undefined, { current: A }, L, never, now)).toEqual({ status: 'none' });
  });

  it('treats a tampered cookie as not connected', async () => {
    const seal = await sealSession(session(), { current: A }, L);
    const i = Math.floor(seal.length / 2);
    const tampered = seal.slice(0, i) + (seal[i] === 'A' ? 'B' : 'A') + seal.slice(i + 1);
    expect(await unsealSession(tampered, { current: A }, L, never, now)).toEqual({
      status: 'invalid',
      reason: 'unreadable',
    });
    expect(await unsealSession('garbage', { current: A }, L, never, now)).toEqual({
      status: 'invalid',
      reason: 'unreadable',
    });
  });

  it('treats a cookie sealed with another secret as not connected', async () => {
    const seal = await sealSession(session(), { current: B }, L);
    expect(await unsealSession(seal, { current: A }, L, never, now)).toEqual({
      status: 'invalid',
      reason: 'unreadable',
    });
  });

  it('opens old cookies with the previous secret after a rotation, and seals new ones with the new one', async () => {
    const old = await sealSession(session(), { current: A }, L);
    expect(await unsealSession(old, { current: B, previous: A }, L, never, now)).toMatchObject({ status: 'ok' });
    const fresh = await sealSession(session(), { current: B, previous: A }, L);
    expect(await unsealSession(fresh, { current: B }, L, never, now)).toMatchObject({ status: 'ok' });
    expect(await unsealSession(fresh, { current: A }, L, never, now)).toMatchObject({ status: 'invalid' });
  });

  it('expires a connection SESSION_TTL_HOURS after it was made', async () => {
    const seal = await sealSession(session(now - L.ttlSeconds * 1000 - 1), { current: A }, L);
    expect(await unsealSession(seal, { current: A }, L, never, now)).toEqual({
      status: 'invalid',
      reason: 'expired',
    });
  });

  it('"stay connected" outlives the 12-hour default while used, and ends SESSION_MAX_DAYS after its last use', async () => {
    const hour = 3600_000;
    const day = 24 * hour;
    const staying = (connectedAt: number, lastUsedAt: number, tokenExpiresAt: number | null = null): SessionData => ({
      ...session(connectedAt),
      connections: [{ ...session(connectedAt).connections[0]!, stay: true, lastUsedAt, tokenExpiresAt }],
    });
    const open = async (data: SessionData, at: number) =>
      unsealSession(await sealSession(data, { current: A }, L), { current: A }, L, never, at);

    // Made 13 hours ago, used an hour ago: a default connection would have ended.
    expect(await open(session(now - 13 * hour), now)).toMatchObject({ status: 'invalid', reason: 'expired' });
    expect(await open(staying(now - 13 * hour, now - hour), now)).toMatchObject({ status: 'ok' });
    // Made 40 days ago and used every day since: still there.
    expect(await open(staying(now - 40 * day, now - day), now)).toMatchObject({ status: 'ok' });
    // Not used for 30 days: ended.
    expect(await open(staying(now - 40 * day, now - 30 * day - 1), now)).toMatchObject({
      status: 'invalid',
      reason: 'expired',
    });
    // Never past the token's own end, however recently used.
    expect(await open(staying(now - 2 * day, now - hour, now - 1), now)).toMatchObject({ status: 'invalid' });
    expect(await open(staying(now - 2 * day, now - hour, now + day), now)).toMatchObject({ status: 'ok' });
  });

  it('refuses a removed connection even from an old copy of the cookie', async () => {
    const seal = await sealSession(session(), { current: A }, L);
    const removed = new Set(['c1']);
    expect(await unsealSession(seal, { current: A }, L, async (id) => removed.has(id), now)).toEqual({
      status: 'invalid',
      reason: 'removed',
    });
  });

  it('stays far below the 4 KB cookie limit with five connections', async () => {
    const five: SessionData = {
      v: 1,
      activeId: 'c0',
      connections: Array.from({ length: 5 }, (_, i) => ({
        id: `c${i}aaaaaaaaaa`,
        baseUrl: `https://portal-number-${i}.school.example/api`,
        token: 'x'.repeat(64),
        partnerName: 'A partner with a fairly long name BV',
        connectedAt: now,
        revealable: true,
      })),
    };
    expect((await sealSession(five, { current: A }, L)).length).toBeLessThan(2500);
  });
});
