import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EmbeddedStore } from './embedded-store.server';
import { RedisStore } from './redis-store.server';
import type { StateStore } from './store.server';

// The same behaviour from both stores: the embedded one and a real Redis (started for the run).

const dir = mkdtempSync(join(tmpdir(), 'rooster-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: [string, () => StateStore][] = [
  ['embedded (LMDB)', () => new EmbeddedStore(join(dir, 'a'))],
  ['Redis', () => new RedisStore(inject('redisUrl'))],
];

/** Waits until a condition holds (entries expire on the store's clock, not ours). */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition never held');
}

describe.each(stores)('the %s state store', (_name, make) => {
  const store = make();
  const two = make(); // a second instance on the same store
  afterAll(async () => {
    await store.close();
    await two.close();
  });
  const k = (s: string) => `test:${Math.random().toString(36).slice(2)}:${s}`;

  it('keeps a value, shared with another instance, until it is deleted', async () => {
    const key = k('v');
    expect(await store.get(key)).toBeNull();
    await store.set(key, 'hello', 60_000);
    expect(await two.get(key)).toBe('hello');
    await two.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it('lets an entry expire on its own, after keeping it while it lives', async () => {
    const key = k('ttl');
    const long = k('long');
    // Stored (and readable by the other instance) before it expires: a set that stored nothing
    // would pass the wait below on its own.
    await store.set(key, 'brief', 1500);
    await store.set(long, 'stays', 60_000);
    expect(await two.get(key)).toBe('brief');
    await eventually(async () => (await two.get(key)) === null);
    expect(await two.get(long)).toBe('stays');
  });

  it('sets if absent exactly once across instances, even when asked at the same time', async () => {
    const key = k('once');
    const answers = await Promise.all([store, two, store, two].map((s) => s.setIfAbsent(key, '1', 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await store.setIfAbsent(key, '1', 60_000)).toBe(false);
  });

  it('keeps every field of 20 writers at once, from two instances, and refuses new ones past the cap', async () => {
    const key = k('fields');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? two : store).setField(key, `lesson${i}`, `t${i}`, 60_000, 25)),
    );
    expect(answers.every(Boolean)).toBe(true);
    const kept = await two.getFields(key);
    expect(Object.keys(kept)).toHaveLength(20);
    expect(kept.lesson7).toBe('t7');
    for (let i = 20; i < 25; i++) expect(await store.setField(key, `lesson${i}`, 'x', 60_000, 25)).toBe(true);
    expect(await store.setField(key, 'lesson25', 'x', 60_000, 25)).toBe(false);
    // A field already there may change at the cap, and a removal frees a place.
    expect(await store.setField(key, 'lesson3', 'changed', 60_000, 25)).toBe(true);
    expect(await two.setField(key, 'lesson4', null, 60_000, 25)).toBe(true);
    expect(await store.setField(key, 'lesson25', 'x', 60_000, 25)).toBe(true);
    expect((await store.getFields(key)).lesson3).toBe('changed');
    expect(await store.getFields(k('none'))).toEqual({});
  });

  it('answers ping', async () => {
    expect(await store.ping()).toBe(true);
  });
});

describe('the embedded store across a restart', () => {
  it('still knows what it was told before the process closed it', async () => {
    const path = join(dir, 'restart');
    const before = new EmbeddedStore(path);
    await before.set('removed:abc', '1', 60_000);
    await before.close();
    const after = new EmbeddedStore(path);
    expect(await after.get('removed:abc')).toBe('1');
    await after.close();
  });
});

/**
 * A relay between a store and the test Redis that can hold what the store sends (a command in
 * flight, unanswered) and then cut the connection with a reset, as a Redis restart does; or answer
 * every command as a Redis loading its data does.
 */
async function relay(redisUrl: string) {
  const target = new URL(redisUrl);
  const open: Socket[] = [];
  let holding = false;
  let held = 0;
  let loading = false;
  let refused = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    open.push(client, upstream);
    client.on('data', (chunk) => {
      if (holding) held += chunk.length;
      else if (loading) {
        // One command a chunk here: the store sends one at a time.
        refused++;
        client.write('-LOADING Redis is loading the dataset in memory\r\n');
      } else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    hold: () => ((holding = true), (held = 0)),
    held: () => held,
    /** Refuses every command with LOADING until `on` is false; how many it refused. */
    loading: (on: boolean) => ((loading = on), refused),
    /** Resets every connection (the held bytes never reach Redis) and lets new ones through. */
    cut: () => {
      holding = false;
      for (const s of open.splice(0)) s.resetAndDestroy();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the Redis store when the connection breaks under a command', () => {
  it('sends a read, a set and a delete again once reconnected; a set-if-absent fails', async () => {
    const way = await relay(inject('redisUrl'));
    const store = new RedisStore(way.url);
    const direct = new RedisStore(inject('redisUrl'));
    const key = `test:cut:${Math.random().toString(36).slice(2)}`;
    try {
      await direct.set(key, 'before', 60_000);
      const inFlight = async <T>(command: () => Promise<T>) => {
        expect(await store.ping()).toBe(true);
        way.hold();
        const answer = command().then(
          (value) => ({ value }),
          (error: Error) => ({ error }),
        );
        await eventually(async () => way.held() > 0);
        way.cut();
        return answer;
      };
      expect(await inFlight(() => store.get(key))).toEqual({ value: 'before' });
      expect(await inFlight(() => store.set(key, 'after', 60_000))).toEqual({ value: undefined });
      expect(await direct.get(key)).toBe('after');
      expect(await inFlight(() => store.delete(key))).toEqual({ value: undefined });
      expect(await direct.get(key)).toBeNull();
      expect(await inFlight(() => store.setIfAbsent(key, '1', 60_000))).toHaveProperty('error');
    } finally {
      await store.close();
      await direct.close();
      await way.close();
    }
  });
});

describe('the Redis store while Redis loads its data', () => {
  it('sends a command again, a set-if-absent too (it did not run), once Redis has loaded', async () => {
    const way = await relay(inject('redisUrl'));
    const store = new RedisStore(way.url);
    const key = `test:loading:${Math.random().toString(36).slice(2)}`;
    try {
      expect(await store.ping()).toBe(true);
      way.loading(true);
      setTimeout(() => way.loading(false), 350);
      expect(await store.setIfAbsent(key, 'once', 60_000)).toBe(true);
      expect(way.loading(false)).toBeGreaterThanOrEqual(2);
      way.loading(true);
      setTimeout(() => way.loading(false), 350);
      expect(await store.get(key)).toBe('once');
    } finally {
      await store.close();
      await way.close();
    }
  });
});
