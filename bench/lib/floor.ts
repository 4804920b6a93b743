import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ready } from './ready';

// The floor of page weight: bench/floor (an App Router page with one client counter and the
// dashboard's browser-facing Next options) built with the project's own Next and React and served by
// `next start`. It is built outside the repository, in a folder of its own with a lockfile, because
// Next and Turbopack take the nearest lockfile's folder as the workspace and would pull the
// dashboard's instrumentation and proxy into the floor; its node_modules are hard links to the
// project's, so the versions are the same files.

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Floor {
  url: string;
  stop(): Promise<void>;
}

/** Another way to build the floor (bench/floor-options.ts): package.json fields, config, build flags. */
export interface FloorBuild {
  packageJson?: Record<string, unknown>;
  /** next.config.mjs's options, over the floor's own. */
  config?: Record<string, unknown>;
  buildArgs?: string[];
}

export async function startFloor(port: number, build: FloorBuild = {}): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), 'rooster-floor-'));
  cpSync(join(root, 'bench', 'floor'), dir, { recursive: true });
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'floor', private: true, ...build.packageJson }));
  if (build.config) {
    const config = join(dir, 'next.config.mjs');
    const text = readFileSync(config, 'utf8');
    const changed = text.replace(
      'export default nextConfig;',
      `export default { ...nextConfig, ...${JSON.stringify(build.config)} };`,
    );
    // Else the variant would quietly measure the floor's own build.
    if (changed === text) throw new Error('bench/floor/next.config.mjs no longer ends `export default nextConfig;`');
    writeFileSync(config, changed);
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: 'floor', lockfileVersion: 3, packages: {} }));
  const next = join(dir, 'node_modules', '.bin', 'next');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' as const };
  execFileSync(next, ['build', ...(build.buildArgs ?? [])], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = spawn(next, ['start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await ready(url, server, (status) => status === 200);
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
