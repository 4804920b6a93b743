// The one production build every runner uses: `next build` with `output: 'standalone'`, then the
// static assets copied beside the standalone server (Next leaves that step to the deployer).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root, run } from './setup.mjs';

const standalone = join(root, '.next', 'standalone');

/** The standalone server's entry: `node <this>` with PORT and HOSTNAME in the environment. */
export const standaloneServer = join(standalone, 'server.js');

/** Builds the dashboard; resolves with the exit code. */
export async function buildDashboard(env = process.env) {
  const code = await run(bin('next'), ['build'], { env: { ...env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (code !== 0) return code;
  copyAssets();
  return 0;
}

/** The browser's files, which the standalone server serves from beside itself. */
export function copyAssets() {
  const statics = join(standalone, '.next', 'static');
  rmSync(statics, { recursive: true, force: true });
  cpSync(join(root, '.next', 'static'), statics, { recursive: true });
  if (existsSync(join(root, 'public'))) cpSync(join(root, 'public'), join(standalone, 'public'), { recursive: true });
}

// `node scripts/lib/build.mjs`: the build alone (playwright.config.ts runs it when not built yet).
if (import.meta.url === `file://${process.argv[1]}`) process.exit(await buildDashboard());
