import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serverEnv } from '../../playwright.config';
import { apiCall, connectWithCode } from './support';

// One instance with the embedded store (no Redis), stopped and started again as an operator
// would: what it remembered (a disconnected connection) is still remembered after the restart.

const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const origin = `http://127.0.0.1:${port}`;
const stateDir = mkdtempSync(join(tmpdir(), 'rooster-restart-'));
let server: ChildProcess | null = null;

async function start() {
  // No REDIS_URL: the embedded store.
  server = spawn(process.execPath, ['.next/standalone/server.js'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      ...serverEnv,
      REDIS_URL: '',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      STATE_DIR: stateDir,
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/ready`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
}

async function stop() {
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server?.kill('SIGTERM');
  await exited;
  server = null;
}

test.afterAll(async () => {
  if (server) await stop();
  rmSync(stateDir, { recursive: true, force: true });
});

test('a connection disconnected before a restart stays refused after it (embedded store)', async ({ browser }) => {
  await start();
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await connectWithCode(page);
  const copy = await context.cookies();
  const id = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  expect((await apiCall(page, 'GET', '/api/partner/branches')).status).toBe(200);
  expect((await apiCall(page, 'DELETE', `/api/connections/${id}`)).status).toBe(200);

  await stop();
  await start();
  await context.clearCookies();
  await context.addCookies(copy);
  await page.goto('/connect');
  const answer = await apiCall(page, 'GET', '/api/partner/branches');
  expect(answer.status).toBe(401);
  await context.close();
});
