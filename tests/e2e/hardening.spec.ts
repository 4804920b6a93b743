import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { serverEnv, serverLog } from '../../playwright.config';
import { apiCall, connectWithCode, sandbox } from './support';

// Findings of the second security round, tried the way an attacker would, against the production
// build: each failed before its fix.

const post = (page: Page, path: string, body: string) => apiCall(page, 'POST', path, body);
const get = (page: Page, path: string) => apiCall(page, 'GET', path);
const message = (r: { text: string }) => (JSON.parse(r.text) as { error?: { message?: string } }).error?.message;

test('a body over the limit is refused with 413 before it is read', async ({ page }) => {
  await page.goto('/connection');
  const big = JSON.stringify({ method: 'code', portalUrl: 'x', code: 'x'.repeat(2 * 1024 * 1024) });
  const r = await post(page, '/api/connections', big);
  expect(r.status).toBe(413);
  expect(message(r)).toMatch(/too large.*at most 8 KB/);
  // A small body is still read and answered on its merits.
  expect((await post(page, '/api/connections', '{"method":"code"}')).status).toBe(400);
});

test('anonymous connect attempts to a wrong path do not pause the portal for connected users', async ({
  page,
  browser,
  baseURL,
}) => {
  await connectWithCode(page);
  const attacker = await browser.newPage({ baseURL });
  await attacker.goto('/connection');
  for (let i = 0; i < 6; i++) {
    const body = JSON.stringify({
      method: 'code',
      portalUrl: `${sandbox.origin}/not-a-portal/api`,
      code: '123456789012',
    });
    expect((await post(attacker, '/api/connections', body)).status).toBeGreaterThanOrEqual(400);
  }
  await attacker.close();
  expect((await get(page, '/api/partner/branches')).status).toBe(200);
});

test('/connect with a reason named like an object property is the plain page, not a 500', async ({ page }) => {
  for (const reason of ['__proto__', 'constructor', 'toString']) {
    const response = await page.goto(`/connection?reason=${reason}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Connect a school portal' })).toBeVisible();
  }
});

test('a subject code with line breaks cannot add events to the calendar file', async ({ page }) => {
  await connectWithCode(page);
  const injected = encodeURIComponent('x\r\nBEGIN:VEVENT\r\nSUMMARY:injected\r\nEND:VEVENT');
  const r = await get(page, `/api/timetable/ics?week=2026-W47&group=${injected}`);
  expect(r.status).toBe(400);
  expect(r.text).toContain('control characters');
  const ok = await get(page, '/api/timetable/ics?week=2026-W47&group=4h1');
  expect(ok.status).toBe(200);
  expect(ok.text).not.toContain('SUMMARY:injected');
});

test('/liveschedule takes one project and only granted fields, checked before the portal is asked', async ({
  page,
}) => {
  await connectWithCode(page);
  const { apiRequests: before } = await sandbox.admin<{ apiRequests: number }>('GET', '/health');
  const week = '202647';
  const two = await get(page, `/api/partner/liveschedule?student=100299&week=${week}&schoolInSchoolYear=1261,1262`);
  expect(two.status).toBe(400);
  expect(two.text).toContain('one project id');
  const secret = await get(
    page,
    `/api/partner/liveschedule?student=100299&week=${week}&schoolInSchoolYear=1261&fields=id,notGranted`,
  );
  expect(secret.status).toBe(403);
  expect(secret.text).toContain('notGranted');
  const { apiRequests: after } = await sandbox.admin<{ apiRequests: number }>('GET', '/health');
  expect(after).toBe(before);
});

test('export progress belongs to the connection that started the export', async ({ page, browser, baseURL }) => {
  await connectWithCode(page);
  const id = `e2e-progress-${Date.now().toString(36)}`;
  const started = await get(
    page,
    `/api/export/appointments.csv?fields=id,start&from=2026-11-16&to=2026-11-29&exportId=${id}`,
  );
  expect(started.status).toBe(200);
  const mine = await get(page, `/api/export/progress/${id}`);
  expect(mine.status).toBe(200);
  expect(JSON.parse(mine.text)).toMatchObject({ done: 2, total: 2, finished: true });

  const other = await browser.newPage({ baseURL });
  await other.goto('/connection');
  expect((await get(other, `/api/export/progress/${id}`)).status).toBe(401);
  await connectWithCode(other);
  // Another connection learns nothing: the answer of an id not begun.
  expect((await get(other, `/api/export/progress/${id}`)).status).toBe(204);
  await other.close();
});

test('a token is revealed once per connection, also to an older copy of the cookie', async ({ page, context }) => {
  await connectWithCode(page);
  const copy = await context.cookies(); // taken before the reveal: the connection is still revealable in it
  const id = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  await page.getByRole('button', { name: 'Reveal token' }).click();
  const token = await page.getByLabel('Access token').inputValue();
  expect(token).toMatch(/^[a-z0-9]{26}$/);

  await context.clearCookies();
  await context.addCookies(copy);
  const again = await apiCall(page, 'POST', `/api/connections/${id}/reveal`);
  expect(again.status).toBe(409);
  expect(again.text).not.toContain(token);
});

test('code guesses are limited per portal: past the limit they never reach the portal', async ({ page }) => {
  await page.goto('/connection');
  const limit = 60; // CONNECT_LIMIT_PER_PORTAL in playwright.config.ts
  const portalUrl = `${sandbox.origin}/guess/api`; // a base URL of its own: the suite's connects are not counted
  const { requests: before } = await sandbox.admin<{ requests: number }>('GET', '/health');
  const statuses = [];
  for (let i = 0; i < limit + 5; i++)
    statuses.push(
      await post(
        page,
        '/api/connections',
        JSON.stringify({ method: 'code', portalUrl, code: String(100000000000 + i) }),
      ),
    );
  expect(statuses.slice(0, limit).every((s) => s.status !== 429)).toBe(true);
  expect(statuses.slice(limit).map((s) => s.status)).toEqual([429, 429, 429, 429, 429]);
  expect(Number(statuses[limit]!.retryAfter)).toBeGreaterThan(0);
  const { requests: after } = await sandbox.admin<{ requests: number }>('GET', '/health');
  expect(after - before).toBe(limit);
});

test('health and readiness answer without a session and say nothing about the setup', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true });
  expect(ready.headers()['cache-control']).toBe('no-store');
});

test('the server logs one JSON line per request and per upstream call, with ids and never a secret', async ({
  page,
}) => {
  const code = await connectWithCode(page);
  await sandbox.admin('PUT', '/faults', { path: '/api/branches', status: 404, times: 1 });
  expect((await get(page, '/api/partner/branches')).status).toBe(404);
  await sandbox.admin('DELETE', '/faults');
  const lines = readFileSync(serverLog, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const request = lines.findLast((l) => l.msg === 'request' && l.route === '/api/partner/branches');
  expect(request).toMatchObject({ method: 'GET', status: 404 });
  expect(typeof request?.requestId).toBe('string');
  expect(typeof request?.durationMs).toBe('number');
  const upstream = lines.findLast((l) => l.msg === 'upstream failed' && l.endpoint === '/branches');
  expect(upstream).toMatchObject({ portal: sandbox.origin, status: 404 });
  // The portal's own eventId, as its answer gave it, to quote to the portal's support.
  expect(upstream?.eventId).toEqual(expect.any(Number));
  const all = lines.map((l) => JSON.stringify(l)).join('\n');
  expect(all).not.toContain(code);
});

test('a path that folds into another route’s address (/api/connections/./reveal) gets a 405 in words, and the connection stays', async ({
  page,
}) => {
  await connectWithCode(page);
  const folded = await apiCall(page, 'POST', '/api/connections/./reveal');
  expect(folded.status).toBe(405);
  expect(message(folded)).toBe('This address does not take POST requests; it takes DELETE.');
  for (const path of ['/api/connections/x', '/api/connections/x/reveal', '/api/demo-code', '/api/connections']) {
    const answer = await get(page, path);
    expect(answer.status, path).toBe(405);
    expect(message(answer), path).toMatch(/^This address does not take GET requests/);
  }
  // Folding out of a route altogether lands on no route: a 404 in words, not the 404 page.
  const gone = await apiCall(page, 'DELETE', '/api/connections/..');
  expect(gone.status).toBe(404);
  expect(message(gone)).toBe('There is no such address in Rooster’s API.');
  expect((await apiCall(page, 'POST', '/api/connections/../reveal')).status).toBe(404);
  expect((await get(page, '/api/partner/partners/~me')).status).toBe(200);
});

// Issue 32 §5: a bad setting stops the process (it kept listening, answering 500 to everything).
test('a bad setting at start stops the server with a non-zero exit code', async () => {
  const server = spawn(process.execPath, ['.next/standalone/server.js'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...serverEnv,
      TRUSTED_PROXIES: 'bogus',
      // A port of its own (restart +2, attack +3, partner-front +5).
      PORT: String(Number(process.env.E2E_PORT ?? 3100) + 7),
      HOSTNAME: '127.0.0.1',
    },
  });
  let said = '';
  server.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    // Well within the test's time: a server that keeps listening never exits, and is stopped below.
    const code = await Promise.race([exited, new Promise<'listening'>((r) => setTimeout(r, 30_000, 'listening'))]);
    expect(code).not.toBe('listening');
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(said).toMatch(/TRUSTED_PROXIES/);
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
  }
});

// Issue 32 §4: a year the staffing routes cannot mean is refused before any upstream call.
test('a staffing date outside 2000–2100 is a 400 in words with no upstream call', async ({ page }) => {
  await connectWithCode(page);
  // A page that reads nothing on its own (the landing page polls the portal), so only these count.
  await page.goto('/connection');
  await page.waitForLoadState('networkidle');
  const before = (await sandbox.admin<{ apiRequests: number }>('GET', '/health')).apiRequests;
  for (const path of [
    '/api/staffing/teachers?from=9999-12-27&to=9999-12-31',
    '/api/staffing/absences?from=1999-12-27&to=1999-12-31',
    '/api/staffing/lessons?week=9999-W52&employee=abc&figure=cover',
  ]) {
    const r = await apiCall(page, 'GET', path);
    expect(r.status, path).toBe(400);
    expect(message(r), path).toMatch(/years 2000 to 2100/);
  }
  expect((await sandbox.admin<{ apiRequests: number }>('GET', '/health')).apiRequests).toBe(before);
});
