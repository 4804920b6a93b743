import { afterAll, describe, expect, inject, it } from 'vitest';

// Issue 32 §6: with REDIS_URL the heavy-read slots are shared by every instance, as the other
// limits are. Another instance is stood in for by a second Redis client that holds slots the way
// an instance does (a member per slot in the connection's sorted set, scored by when it lapses).

Object.assign(process.env, {
  SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop',
  REDIS_URL: inject('redisUrl'),
});
const { takeHeavyRead, takeReadSlots } = await import('./heavy-reads.server');
const { stateStore } = await import('./state/state.server');
const { RedisStore } = await import('./state/redis-store.server');
const { HttpError } = await import('./api.server');

const other = new RedisStore(inject('redisUrl'));
afterAll(async () => {
  await other.close();
  await stateStore().close();
});

const key = (id: string) => `rooster:slots:${id}`;
/** Slots the other instance holds for `id`, lapsing `inMs` from now. */
const holdElsewhere = (id: string, n: number, inMs = 60_000) =>
  other.client.zAdd(
    key(id),
    Array.from({ length: n }, (_, i) => ({ score: Date.now() + inMs, value: `other-${i}` })),
  );

describe('heavy-read slots across instances', () => {
  it('a connection whose slots another instance holds is refused here; freed there, admitted here', async () => {
    const id = `shared-${Date.now()}`;
    // Wait until this instance's client is connected (a client not yet ready counts locally).
    await stateStore().ping();
    await holdElsewhere(id, 4);
    await expect(takeHeavyRead(id, 4)).rejects.toBeInstanceOf(HttpError);
    await other.client.zRem(key(id), 'other-0');
    const release = await takeHeavyRead(id, 4);
    // Held here, seen there.
    expect(await other.client.zCard(key(id))).toBe(4);
    release();
    await expect.poll(() => other.client.zCard(key(id))).toBe(3);
  });

  it('slots of an instance that died lapse on their own', async () => {
    const id = `lapsed-${Date.now()}`;
    await stateStore().ping();
    // Four lapsed slots and three live ones: the lapsed are dropped, so one place is left, not none.
    await holdElsewhere(id, 4, -1);
    await other.client.zAdd(
      key(id),
      [0, 1, 2].map((i) => ({ score: Date.now() + 60_000, value: `live-${i}` })),
    );
    const release = await takeHeavyRead(id, 4);
    expect(await other.client.zCard(key(id))).toBe(4);
    await expect(takeHeavyRead(id, 4)).rejects.toMatchObject({ status: 429 });
    release();
    await expect.poll(() => other.client.zCard(key(id))).toBe(3);
  });

  it('streamed-read slots are shared the same way', async () => {
    const id = `streamed-${Date.now()}`;
    await stateStore().ping();
    await holdElsewhere(`stream:${id}`, 8);
    await expect(takeReadSlots(id, false)).rejects.toMatchObject({ status: 429 });
    // Freed there, admitted here; held here, seen there; given back, gone there.
    await other.client.zRem(key(`stream:${id}`), 'other-0');
    const release = await takeReadSlots(id, false);
    expect(await other.client.zCard(key(`stream:${id}`))).toBe(8);
    release();
    await expect.poll(() => other.client.zCard(key(`stream:${id}`))).toBe(7);
  });
});
