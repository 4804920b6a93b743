// The one production build every runner uses: `next build` with `output: 'standalone'`, then the
// static assets copied beside the standalone server (Next leaves that step to the deployer). A plain
// `npm run build` copies them too (its `postbuild` step), and `npm run demo` and `npm start` copy
// them when a build lacks them, so the order a newcomer runs the commands in does not matter.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
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
export function copyAssets(dir = root) {
  const statics = join(dir, '.next', 'standalone', '.next', 'static');
  rmSync(statics, { recursive: true, force: true });
  cpSync(join(dir, '.next', 'static'), statics, { recursive: true });
  if (existsSync(join(dir, 'public')))
    cpSync(join(dir, 'public'), join(dir, '.next', 'standalone', 'public'), { recursive: true });
}

/** The standalone server holds this build's browser files (Next names a folder of them after the build id). */
export function assetsInPlace(dir = root) {
  const idFile = join(dir, '.next', 'BUILD_ID');
  if (!existsSync(idFile)) return false;
  const id = readFileSync(idFile, 'utf8').trim();
  return existsSync(join(dir, '.next', 'standalone', '.next', 'static', id));
}

/**
 * Makes a finished build servable: null when it is (the assets copied if they were missing), else
 * the one line saying which command to run.
 */
export function prepareStandalone(dir = root) {
  if (!existsSync(join(dir, '.next', 'standalone', 'server.js')) || !existsSync(join(dir, '.next', 'BUILD_ID')))
    return 'No production build yet: run `npm run build` first (or `npm run demo`, which builds and starts everything).';
  if (!existsSync(join(dir, '.next', 'static')))
    return 'The build is incomplete (.next/static is missing): run `npm run build` again.';
  if (!assetsInPlace(dir)) copyAssets(dir);
  return null;
}

// `node scripts/lib/build.mjs`: the build alone (playwright.config.ts runs it when not built yet);
// `--assets`: only the copy, after a plain `next build` (package.json's `postbuild`).
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--assets')) {
    const problem = prepareStandalone();
    if (problem) process.stderr.write(`${problem}\n`);
    process.exit(problem ? 1 : 0);
  }
  process.exit(await buildDashboard());
}
