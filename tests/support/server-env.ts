import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * The environment a server module's unit test runs in: a session secret, a state directory of the
 * file's own (removed after it) and `extra`. Called before the modules under test are imported
 * (`await import(…)`), which read it.
 */
export function serverTestEnv(name: string, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `rooster-${name}-`));
  Object.assign(process.env, {
    SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop',
    STATE_DIR: dir,
    ...extra,
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
