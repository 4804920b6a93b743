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

  async get(key: string) {
    return (await this.c()).get(key);
  }

  async set(key: string, value: string, ttlMs: number) {
    await (await this.c()).set(key, value, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const answer = await (
      await this.c()
    ).set(key, value, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) } });
    return answer === 'OK';
  }

  async delete(key: string) {
    await (await this.c()).del(key);
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
