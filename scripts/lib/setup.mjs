// Shared by `npm test` and `npm run demo`: make a fresh clone runnable with nothing but Node and npm.
// Plain Node (no dependencies), because it runs before `npm ci`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function log(message) {
  process.stdout.write(`› ${message}\n`);
}

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json.
 * `npm install` (not `npm ci`): it keeps the locked versions, and it tolerates a lock file that
 * lacks other platforms' optional binaries (which npm leaves out of locks made on Linux).
 */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
  if (!stale) return;
  log('Installing dependencies (npm install)…');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The path of a Chromium for the browser tests, installing Debian's package when we may. */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
  }
  const found = CHROMIUM_CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log('Installing Chromium from Debian (apt-get install chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary. Playwright's own browser download is not used.",
  );
}

/** Debian's redis-server for the tests that need a real Redis, installed when we may. */
export function ensureRedis() {
  const path = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log('Installing Redis from Debian (apt-get install redis-server)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], {
      stdio: 'inherit',
      env,
    });
    if (existsSync(path)) return path;
  }
  throw new Error(
    'No redis-server found for the tests. Install it (Debian/Ubuntu: `sudo apt-get install redis-server`) ' +
      'or point REDIS_SERVER_PATH at one. The tests start it themselves on a free loopback port.',
  );
}

/**
 * A session secret for local runs: SESSION_SECRET if set, else one generated once and kept in
 * .rooster/ (git-ignored), so cookies survive restarts of `npm run demo`.
 */
export function localSessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = join(root, '.rooster', 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export function bin(name) {
  return join(root, 'node_modules', '.bin', name);
}
