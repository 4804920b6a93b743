import 'server-only';
import { createClient } from 'redis';
import type { StateStore } from './store.server';

// Redis (or Valkey) when REDIS_URL is set: several Rooster instances share what they remember.

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
   * Runs a command that may run twice (a read, a set to the same value, a delete) and sends it again
   * when the connection broke under it: Redis restarted, or the network dropped the socket with the
   * command in flight (a page's session read then failed with ECONNRESET, a 500, in the load run's
   * Redis restart). The client is then reconnecting and holds the next try until it is back; up to
   * three tries, as a reconnect can reach a Redis still shutting down. A refusal from Redis itself
   * (a reply error) leaves the client ready and is not retried.
   */
  private async again<T>(command: (client: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
    const client = await this.c();
    for (let tries = 1; ; tries++) {
      try {
        return await command(client);
      } catch (error) {
        if (tries >= 3 || !client.isOpen || client.isReady) throw error;
      }
    }
  }

  async get(key: string) {
    return this.again((c) => c.get(key));
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.again((c) => c.set(key, value, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } }));
  }

  /** Not sent twice: a first try that landed before the connection broke would make the second say "taken". */
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const answer = await (
      await this.c()
    ).set(key, value, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } });
    return answer === 'OK';
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
