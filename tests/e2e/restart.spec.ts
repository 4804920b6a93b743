import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Dashboard } from './instance';
import { apiCall, connectWithCode } from './support';

// One instance with the embedded store (no Redis), stopped and started again as an operator
// would: what it remembered (a disconnected connection) is still remembered after the restart.

const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const stateDir = mkdtempSync(join(tmpdir(), 'rooster-restart-'));
const dashboard = new Dashboard(port);
const origin = dashboard.origin;
// No REDIS_URL: the embedded store.
const start = () => dashboard.start({ REDIS_URL: '', STATE_DIR: stateDir });
const stop = () => dashboard.stop();

test.afterAll(async () => {
  await stop();
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
  await page.goto('/connection');
  const answer = await apiCall(page, 'GET', '/api/partner/branches');
  expect(answer.status).toBe(401);
  await context.close();
});
