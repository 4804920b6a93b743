import { describe, expect, it } from 'vitest';
import { sealSession, unsealSession, type SessionData } from './seal.server';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const TTL = 12 * 3600;
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
    const seal = await sealSession(session(), { current: A }, TTL);
    expect(seal).not.toContain('tok');
    expect(await unsealSession(seal, { current: A }, TTL, never, now)).toEqual({ status: 'ok', data: session() });
  });

  it('has no session without a cookie', async () => {
    expect(await unsealSession(undefined, { current: A }, TTL, never, now)).toEqual({ status: 'none' });
  });

  it('treats a tampered cookie as not connected', async () => {
    const seal = await sealSession(session(), { current: A }, TTL);
    const i = Math.floor(seal.length / 2);
    const tampered = seal.slice(0, i) + (seal[i] === 'A' ? 'B' : 'A') + seal.slice(i + 1);
    expect(await unsealSession(tampered, { current: A }, TTL, never, now)).toEqual({
      status: 'invalid',
      reason: 'unreadable',
    });
    expect(await unsealSession('garbage', { current: A }, TTL, never, now)).toEqual({
      status: 'invalid',
      reason: 'unreadable',
    });
  });

  it('treats a cookie sealed with another secret as not connected', async () => {
    const seal = await sealSession(session(), { current: B }, TTL);
    expect(await unsealSession(seal, { current: A }, TTL, never, now)).toEqual({
      status: 'invalid',
      reason: 'unreadable',
    });
  });

  it('opens old cookies with the previous secret after a rotation, and seals new ones with the new one', async () => {
    const old = await sealSession(session(), { current: A }, TTL);
    expect(await unsealSession(old, { current: B, previous: A }, TTL, never, now)).toMatchObject({ status: 'ok' });
    const fresh = await sealSession(session(), { current: B, previous: A }, TTL);
    expect(await unsealSession(fresh, { current: B }, TTL, never, now)).toMatchObject({ status: 'ok' });
    expect(await unsealSession(fresh, { current: A }, TTL, never, now)).toMatchObject({ status: 'invalid' });
  });

  it('expires a connection TTL hours after it was made', async () => {
    const seal = await sealSession(session(now - TTL * 1000 - 1), { current: A }, TTL);
    expect(await unsealSession(seal, { current: A }, TTL, never, now)).toEqual({
      status: 'invalid',
      reason: 'expired',
    });
  });

  it('refuses a removed connection even from an old copy of the cookie', async () => {
    const seal = await sealSession(session(), { current: A }, TTL);
    const removed = new Set(['c1']);
    expect(await unsealSession(seal, { current: A }, TTL, async (id) => removed.has(id), now)).toEqual({
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
    expect((await sealSession(five, { current: A }, TTL)).length).toBeLessThan(2500);
  });
});
