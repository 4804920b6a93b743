import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { rawRequest as send } from '../support/raw-http';
import { Dashboard } from './instance';
import { apiCall, connectWithCode, portalUrl, sandbox, W47 } from './support';

const apiRequests = async () => (await sandbox.admin<{ apiRequests: number }>('GET', '/health')).apiRequests;

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
  await expect(page).toHaveURL(/\/connection\?reason=removed/);
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

test('a large list without a range is refused in words; raw sends the portal’s answer once, not rows beside it', async ({
  page,
}) => {
  await connectWithCode(page);
  expect((await apiCall(page, 'GET', '/api/partner/partners/~me')).status).toBe(200); // the rights, cached
  const before = await apiRequests();
  const whole = await apiCall(page, 'GET', '/api/partner/appointments?raw=1');
  expect(whole.status).toBe(400);
  expect(JSON.parse(whole.text).error.message).toMatch(/give start and end .*or one of id, appointmentInstance/);
  expect(await apiRequests()).toBe(before);

  const week = `fields=id,start&start=${W47.start}&end=${W47.end}`;
  // The whole week flows on as the portal's envelope (nothing narrowed); raw=1 is Rooster's {data, meta}.
  const rows = {
    data: JSON.parse((await apiCall(page, 'GET', `/api/partner/appointments?${week}`)).text).response.data,
  };
  const raw = await apiCall(page, 'GET', `/api/partner/appointments?${week}&raw=1`);
  expect(raw.status).toBe(200);
  const answer = JSON.parse(raw.text);
  expect(answer.data).toEqual([]);
  expect(answer.meta.raw.response.data).toHaveLength(rows.data.length);
  expect(answer.meta.totalRows).toBe(rows.data.length);
  expect(rows.data.length).toBeGreaterThan(100);
});

test('one session has at most 4 heavy reads in flight: the next read, or an export, gets 429 with Retry-After', async ({
  page,
}) => {
  await connectWithCode(page);
  // From outside the page (with its cookie), so the browser's six connections per host do not queue them.
  const call = async (path: string) => {
    const r = await page.request.get(path, { headers: { 'x-rooster-client': '1', 'accept-language': 'en' } });
    return { status: r.status(), retryAfter: r.headers()['retry-after'], text: await r.text() };
  };
  const week = `/api/partner/appointments?fields=id&start=${W47.start}&end=${W47.end}`;
  expect((await call(week)).status).toBe(200); // the rights are read and cached first
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', hang: true, times: 4 });
  try {
    const held = Array.from({ length: 4 }, () => call(week));
    // The four are in flight once the portal holds all four.
    await expect
      .poll(async () => (await sandbox.admin<{ faults: { hits: number }[] }>('GET', '/faults')).faults[0]?.hits)
      .toBe(4);
    const fifth = await call(week);
    expect(fifth.status).toBe(429);
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(fifth.text).error.message).toMatch(/already has 4 large reads or exports under way/);
    const exported = await call('/api/export/appointments.csv?fields=id&from=2026-11-16&to=2026-11-22');
    expect(exported.status).toBe(429);
    // Reads that are not heavy go on.
    expect((await call('/api/partner/branches')).status).toBe(200);
    for (const answer of await Promise.all(held)) expect(answer.status).toBeLessThan(600);
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
  // Once they ended, their slots are free again.
  expect((await call(week)).status).toBe(200);
});

/** By hand: fetch and Playwright cannot send CONNECT or a made-up verb. */
const rawRequest = (method: string, path: string) =>
  send(Number(process.env.E2E_PORT ?? 3100), method, path, 'Accept-Language: en\r\n');

test('every route and page answers TRACE, CONNECT, PROPFIND and a made-up verb with a 405 in words', async () => {
  test.setTimeout(120_000);
  const addresses = [
    '/api/partner/branches',
    '/api/partner/partners/~me',
    '/api/partner/liveschedule',
    '/api/openapi.json',
    '/api/timetable/ics',
    '/api/export/branches.csv',
    '/api/export/progress/abcdefgh',
    '/api/connections',
    '/api/connections/x',
    '/api/connections/x/reveal',
    '/api/connections/x/activate',
    '/api/demo-code',
    '/api/health',
    '/api/ready',
    '/api/no-such-route',
    '/',
    '/connection',
    '/timetable',
    '/rights',
    '/explorer/appointments',
    '/no-such-page',
    '/favicon.svg',
  ];
  for (const method of ['TRACE', 'CONNECT', 'PROPFIND', 'BREW']) {
    for (const path of addresses) {
      const answer = await rawRequest(method, path);
      const where = `${method} ${path}`;
      expect(answer.status, where).toBe(405);
      expect(JSON.parse(answer.body), where).toEqual({
        error: {
          status: 405,
          message: `Rooster does not take ${method} requests; it takes GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.`,
        },
      });
    }
  }
  // Nothing of the server's insides in any of them (a stack, a path).
  const traced = await rawRequest('TRACE', '/api/partner/branches');
  expect(traced.body).not.toMatch(/\bat \S+ \(|\/work\/|node_modules|\.next\//);
});

test('disconnecting removes what this browser kept for that portal: last views, explorer history, last visit', async ({
  page,
}) => {
  await connectWithCode(page);
  const id = (await page.locator('[data-connection-id]').getAttribute('data-connection-id'))!;
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rooster')));
  const visits = async () =>
    (await page.context().cookies()).map((c) => c.name).filter((name) => name.startsWith('rooster.changes-visit.'));
  await page.goto('/changes');
  await expect.poll(visits).toEqual([`rooster.changes-visit.${id}`]);
  await page.goto('/explorer/branches?run=1');
  // The explorer keeps a request once its answer came.
  await expect.poll(kept).toContain(`rooster:explorer-history:${id}`);
  await page.goto('/rights');
  await expect.poll(kept).toContain(`rooster:recent:${id}`);
  // Something another connection left behind in this browser goes too: only the session's own stay.
  await page.evaluate(() => localStorage.setItem('rooster:recent:gone-connection', '[]'));
  await page.reload();
  await expect.poll(async () => (await kept()).includes('rooster:recent:gone-connection')).toBe(false);
  expect((await kept()).some((k) => k.endsWith(`:${id}`))).toBe(true);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(/reason=disconnected/);
  await expect.poll(kept).toEqual([]);
  await expect.poll(visits).toEqual([]);
});

// The fourth round (issue 32), against the built server.

test('one session cannot starve a portal: 18 reads of a list held unanswered, another session’s read answers first', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await connectWithCode(page);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await connectWithCode(other);
  const get = (p: Page, path: string) =>
    p.request.get(path, { headers: { 'x-rooster-client': '1', 'accept-language': 'en' }, timeout: 80_000 });
  // The rights of both are read and cached first.
  expect((await get(page, '/api/partner/employees')).status()).toBe(200);
  expect((await get(other, '/api/partner/branches')).status()).toBe(200);
  await sandbox.admin('PUT', '/faults', { path: '/api/employees', hang: true, times: 18 });
  const order: string[] = [];
  try {
    // The greedy session: 18 streamed reads of a list other than appointments, none answered.
    const greedy = Array.from({ length: 18 }, async () => {
      const r = await get(page, '/api/partner/employees');
      order.push(`greedy ${r.status()}`);
      return r.status();
    });
    // Its reads that were not refused at once are at the portal (at most its share of the sockets).
    await expect
      .poll(async () => (await sandbox.admin<{ faults: { hits: number }[] }>('GET', '/faults')).faults[0]?.hits)
      .toBeGreaterThanOrEqual(4);
    const answer = await get(other, '/api/partner/branches');
    order.push('other answered');
    expect(answer.status()).toBe(200);
    const statuses = await Promise.all(greedy);
    // The other session's read answered before any of the greedy reads the portal held had ended.
    const firstHeldEnded = order.findIndex((o) => o.startsWith('greedy') && o !== 'greedy 429');
    expect(order.indexOf('other answered'), order.join(', ')).toBeLessThan(firstHeldEnded);
    // Slots of its own: past them at once 429, never a read the portal holds for it.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  } finally {
    await sandbox.admin('DELETE', '/faults');
    await otherContext.close();
  }
  // The held reads ended as portal failures, so the portal may be paused a moment (its breaker,
  // shared by every instance): the next test starts once it answers again.
  await expect.poll(async () => (await get(page, '/api/partner/branches')).status(), { timeout: 30_000 }).toBe(200);
});

test('an absolute-form request for another host is a 400 in words, not a redirect to it', async () => {
  for (const target of ['http://evil.example/api/health', 'http://evil.example/connect']) {
    const answer = await rawRequest('GET', target);
    expect(answer.status, target).toBe(400);
    expect(JSON.parse(answer.body).error.message, target).toMatch(/answers only for its own address/);
  }
  // Our own host in absolute form is the path it names.
  const port = Number(process.env.E2E_PORT ?? 3100);
  expect((await rawRequest('GET', `http://127.0.0.1:${port}/api/health`)).status).toBe(200);
});
