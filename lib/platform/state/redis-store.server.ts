import 'server-only';
import { createClient } from 'redis';
import type { StateStore } from './store.server';

// Redis (or Valkey) when REDIS_URL is set: several Rooster instances share what they remember.

/** Redis's refusal while it loads its data after a start, and the waits before each next try. */
const LOADING = /^LOADING\b/;
const LOADING_WAITS_MS = [100, 200, 400, 800, 1600];

/** A field set or removed with the record's cap and lifetime, as one script (atomic in Redis). */
const SET_FIELD = `
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
return 1`;

export class RedisStore implements StateStore {
  readonly kind = 'redis' as const;
  readonly client: ReturnType<typeof createClient>;
  private ready: Promise<unknown>;

  constructor(url: string) {
    this.client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 200, 2000) } });
    // An outage is reported by ping() and by failing calls, not by crashing the process.
    this.client.on('error', () => undefined);
    this.ready = this.client.connect();
  }

  private async c() {
    await this.ready;
    return this.client;
  }

  /**
   * Runs a command through what a Redis restart does to it. Redis refuses every command while it
   * loads its data after a start (LOADING): the command did not run, so it is sent again after a
   * wait, for up to 3 s. A connection that broke under the command (Redis stopped, or the network
   * dropped the socket; a page's session read then failed with ECONNRESET, a 500, in the load run's
   * Redis restart) leaves the client reconnecting: a command that may run twice (a read, a set to
   * the same value, a delete) is sent again and waits in the client's queue until it is back, up
   * to three tries, as a reconnect can reach a Redis still shutting down. Any other refusal from
   * Redis leaves the client ready and is not retried.
   */
  private async again<T>(
    command: (client: ReturnType<typeof createClient>) => Promise<T>,
    { mayRunTwice = true } = {},
  ): Promise<T> {
    const client = await this.c();
    for (let tries = 0; ; tries++) {
      try {
        return await command(client);
      } catch (error) {
        const loading = LOADING.test(error instanceof Error ? error.message : '');
        if (loading && tries < LOADING_WAITS_MS.length) {
          await new Promise((r) => setTimeout(r, LOADING_WAITS_MS[tries]));
          continue;
        }
        if (!loading && mayRunTwice && tries < 2 && client.isOpen && !client.isReady) continue;
        throw error;
      }
    }
  }

  async get(key: string) {
    return this.again((c) => c.get(key));
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.again((c) => c.set(key, value, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } }));
  }

  /**
   * Sent again only after a LOADING refusal: after a broken connection a first try that landed
   * would make the second say "taken".
   */
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const answer = await this.again(
      (c) => c.set(key, value, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } }),
      { mayRunTwice: false },
    );
    return answer === 'OK';
  }

  async setField(key: string, field: string, value: string | null, ttlMs: number, maxFields = Number.MAX_SAFE_INTEGER) {
    // ARGV[2] says whether a value is set (a value may itself be empty).
    const answer = await this.again((c) =>
      c.eval(SET_FIELD, {
        keys: [key],
        arguments: [
          field,
          value === null ? '' : '1',
          value ?? '',
          String(maxFields),
          String(Math.max(1, Math.round(ttlMs))),
        ],
      }),
    );
    return Number(answer) === 1;
  }

  async getFields(key: string) {
    return this.again((c) => c.hGetAll(key)) as Promise<Record<string, string>>;
  }

  async delete(key: string) {
    await this.again((c) => c.del(key));
  }

  async ping() {
    try {
      return (await (await this.c()).ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close() {
    await this.ready.catch(() => undefined);
    if (this.client.isOpen) await this.client.quit();
  }
}
