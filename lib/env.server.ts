import 'server-only';
import { parseServerEnv, type ServerEnv } from './env-schema';

export type { ServerEnv } from './env-schema';

let cached: ServerEnv | undefined;

/** The validated server environment; throws once, naming every bad variable. */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
