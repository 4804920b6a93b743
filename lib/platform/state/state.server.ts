import 'server-only';
import { serverEnv } from '@/lib/env.server';
import { processSingleton } from '@/lib/platform/singleton.server';
import { EmbeddedStore } from './embedded-store.server';
import { RedisStore } from './redis-store.server';
import type { StateStore } from './store.server';

export type { StateStore };

/** The process's state store: Redis when REDIS_URL is set, else the embedded one. */
export function stateStore(): StateStore {
  return processSingleton('state-store', () => {
    const env = serverEnv();
    return env.REDIS_URL ? new RedisStore(env.REDIS_URL) : new EmbeddedStore(env.STATE_DIR);
  });
}
