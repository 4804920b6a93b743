import type { TestProject } from 'vitest/node';
import { startRedis } from './redis-server';

// One Redis for the whole unit run; tests reach it through inject('redisUrl').

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const redis = await startRedis();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
