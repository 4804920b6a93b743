import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { Dashboard } from './instance';
import { apiCall, connectWithCode, portalUrl, sandbox } from './support';

// Held under attack (issue 22), tried against the production build: each failed before its fix.

test('a connection replaced by a reconnect is revoked: an older copy of the cookie opens nothing, reveal included', async ({
  page,
  context,
}) => {
  await connectWithCode(page);
  const old = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  const copy = await context.cookies(); // the old connection, still revealable in this copy
  await connectWithCode(page); // the same portal again: replaces the old connection
  const fresh = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  expect(fresh).not.toBe(old);
  expect((await apiCall(page, 'DELETE', `/api/connections/${fresh}`)).status).toBe(200);

  await context.clearCookies();
  await context.addCookies(copy);
  const routes: ['GET' | 'POST' | 'DELETE', string][] = [
    ['GET', '/api/partner/branches'],
    ['GET', '/api/partner/partners/~me'],
    ['GET', '/api/partner/appointments?start=1794783600&end=1794870000'],
    ['GET', '/api/partner/liveschedule?student=100299&week=202647&schoolInSchoolYear=1261'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/timetable/ics?week=2026-W47'],
    ['GET', '/api/export/branches.csv'],
    ['GET', '/api/export/progress/e2e-replaced'],
    ['POST', `/api/connections/${old}/reveal`],
    ['POST', `/api/connections/${old}/activate`],
    ['DELETE', `/api/connections/${old}`],
  ];
  for (const [method, path] of routes) {
    const answer = await apiCall(page, method, path);
    expect(answer.status, `${method} ${path}`).toBe(401);
    expect(JSON.parse(answer.text).error.message, `${method} ${path}`).toMatch(/Connect again/);
  }
  await page.goto('/rights');
  await expect(page).toHaveURL(/\/connect\?reason=removed/);
});

test.describe('connect limits on an instance of their own', () => {
  const dashboard = new Dashboard(Number(process.env.E2E_PORT ?? 3100) + 3);
  const stateDir = mkdtempSync(join(tmpdir(), 'rooster-limits-'));
  const limits = { CONNECT_LIMIT_PER_ADDRESS: '5', CONNECT_LIMIT_PER_PORTAL: '90', REDIS_URL: '', STATE_DIR: stateDir };
  let api: APIRequestContext;

  test.beforeAll(async () => {
    api = await request.newContext({ baseURL: dashboard.origin });
  });
  test.afterEach(() => dashboard.stop());
  test.afterAll(async () => {
    await api.dispose();
    rmSync(stateDir, { recursive: true, force: true });
  });

  /** A connect request as Rooster's page sends it, claiming to come through `forwardedFor`. */
  const attempt = async (portalUrl: string, code: string, forwardedFor: string) => {
    const r = await api.post('/api/connections', {
      headers: { 'x-rooster-client': '1', origin: dashboard.origin, 'x-forwarded-for': forwardedFor },
      data: { method: 'code', portalUrl, code },
    });
    return { status: r.status(), retryAfter: r.headers()['retry-after'] };
  };
  const badCode = (i: number) => String(300000000000 + i);

  test('with no trusted proxy a new X-Forwarded-For each time still meets the per-address limit', async () => {
    await dashboard.start({ ...limits, TRUSTED_PROXIES: '' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(portalUrl, badCode(i), `198.51.100.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test('behind a trusted proxy: 100 bad codes from 100 addresses, then a good code from another connects', async () => {
    test.setTimeout(120_000);
    await dashboard.start({ ...limits, TRUSTED_PROXIES: '127.0.0.0/8' });
    // The header names the client: one address meets its own limit...
    const one = [];
    for (let i = 0; i < 6; i++) one.push((await attempt(portalUrl, badCode(i), '192.0.2.1')).status);
    expect(one).toEqual([400, 400, 400, 400, 400, 429]);
    // ...and many addresses do not share one.
    const many = [];
    for (let i = 0; i < 100; i++) many.push((await attempt(portalUrl, badCode(i), `10.0.${i >> 8}.${i % 256}`)).status);
    expect(many.filter((s) => s !== 400)).toEqual([]);
    // A stranger's failures never refuse a good code (the portal is slowed, not closed).
    const good = await attempt(portalUrl, await sandbox.newCode('demo'), '203.0.113.77');
    expect(good.status).toBe(201);
    // An address that failed there is refused while the portal is past its failures.
    const again = await attempt(portalUrl, badCode(1000), '10.0.0.5');
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThan(0);
  });
});
