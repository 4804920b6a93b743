import { defineConfig } from '@playwright/test';
import { FIXED_TODAY } from './sandbox/school/fixed';

// Browser tests run against one standalone production build (`npm test` builds it once; run
// alone, this config builds it first). Chromium is Debian's (never Playwright's download).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The sandbox portal the browser tests connect to (tests/e2e/support.ts reads the same). */
export const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
/** A second portal (another school: another seed), for switching between portals. */
export const secondSandboxPort = sandboxPort + 1;
const secondSandboxOrigin = `http://127.0.0.1:${secondSandboxPort}`;
/** Today's school: a sandbox started without a date, as `npm run demo` starts it (issue 47). */
export const presentSandboxPort = sandboxPort + 3;
const presentSandboxOrigin = `http://127.0.0.1:${presentSandboxPort}`;
/** A real Redis that both dashboard instances share (Debian's redis-server, installed by `npm test`). */
const redisPort = sandboxPort + 2;
const redisServer = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
/** A second dashboard instance on the same build and the same Redis, as behind a load balancer. */
export const secondDashboard = `http://127.0.0.1:${port + 1}`;
export const serverEnv = {
  NODE_ENV: 'production' as const,
  NEXT_TELEMETRY_DISABLED: '1',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'e2e-only-secret-0123456789abcdefghijklmnopqrstuv',
  ALLOWED_PORTAL_ORIGINS: `${sandboxOrigin},${secondSandboxOrigin},${presentSandboxOrigin}`,
  DEMO_PORTAL_URL: `${sandboxOrigin}/api`,
  TIMETABLE_POLL_SECONDS: '3',
  UPSTREAM_TIMEOUT_MS: '4000',
  PORTAL_COOLDOWN_SECONDS: '3',
  // The suite connects often from one address; the limit itself is tried on its own base URL.
  CONNECT_LIMIT_PER_ADDRESS: '100000',
  CONNECT_LIMIT_PER_PORTAL: '60',
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
};
/** Server logs of the run, read by the security tests (no token or code may appear in them). */
export const serverLog = '.rooster/e2e-dashboard.log';
export const sandboxLog = '.rooster/e2e-sandbox.log';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  // A busy machine (2 cores shared with builds) can take seconds to render a page: wait for conditions longer.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // The interface follows the browser's languages; the suite reads English unless a test asks for Dutch.
    locale: 'en-GB',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `${redisServer} --port ${redisPort} --bind 127.0.0.1 --save '' --appendonly no`,
      port: redisPort,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `mkdir -p .rooster && npx tsx sandbox/main.ts --port ${sandboxPort} --today ${FIXED_TODAY} 2>&1 | tee ${sandboxLog}`,
      url: `${sandboxOrigin}/admin/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx tsx sandbox/main.ts --port ${secondSandboxPort} --seed 7 --today ${FIXED_TODAY}`,
      url: `${secondSandboxOrigin}/admin/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // No --today (and no SANDBOX_TODAY): the school of the day the suite runs.
      command: `npx tsx sandbox/main.ts --port ${presentSandboxPort}`,
      url: `${presentSandboxOrigin}/admin/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { ...process.env, SANDBOX_TODAY: '' } as Record<string, string>,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `${process.env.ROOSTER_E2E_BUILT ? '' : 'node scripts/lib/build.mjs && '}mkdir -p .rooster && node .next/standalone/server.js 2>&1 | tee ${serverLog}`,
      url: `${baseURL}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { ...serverEnv, PORT: String(port), HOSTNAME: '127.0.0.1' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Started once the first instance answers, so it runs the same (possibly just made) build.
      command: `node scripts/wait-for.mjs ${baseURL}/ && node .next/standalone/server.js`,
      url: `${secondDashboard}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { ...serverEnv, PORT: String(port + 1), HOSTNAME: '127.0.0.1' },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
