import { expect, test, type Page } from '@playwright/test';
import { secondDashboard } from '../../playwright.config';
import { apiCall, connectWithCode, sandbox, W47 } from './support';

// Two dashboard instances on one Redis, as behind a load balancer: what one remembers, the other
// knows. The browser's cookie works on both (same secret; cookies are not per port).

const call = (page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  apiCall(page, method, path, body === undefined ? undefined : JSON.stringify(body));

test('a connection disconnected on one instance is refused by the other, even with an old cookie', async ({
  page,
  context,
}) => {
  await connectWithCode(page);
  const copy = await context.cookies();
  const id = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  await page.goto(`${secondDashboard}/connect`);
  expect((await call(page, 'GET', '/api/partner/branches')).status).toBe(200);

  await page.goto('/connection');
  expect((await call(page, 'DELETE', `/api/connections/${id}`)).status).toBe(200);
  await context.clearCookies();
  await context.addCookies(copy);
  await page.goto(`${secondDashboard}/connect`);
  expect((await call(page, 'GET', '/api/partner/branches')).status).toBe(401);
});

test('a token revealed through one instance cannot be revealed through the other', async ({ page, context }) => {
  await connectWithCode(page);
  const copy = await context.cookies();
  const id = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  await page.getByRole('button', { name: 'Reveal token' }).click();
  await expect(page.getByLabel('Access token')).toHaveValue(/^[a-z0-9]{26}$/);

  await context.clearCookies();
  await context.addCookies(copy);
  await page.goto(`${secondDashboard}/connect`);
  expect((await call(page, 'POST', `/api/connections/${id}/reveal`)).status).toBe(409);
});

test('connect attempts are counted across both instances', async ({ page }) => {
  const limit = 60; // CONNECT_LIMIT_PER_PORTAL in playwright.config.ts
  const attempt = (i: number) => ({
    method: 'code',
    portalUrl: `${sandbox.origin}/guess-both/api`,
    code: String(200000000000 + i),
  });
  const statuses: number[] = [];
  await page.goto('/connection');
  for (let i = 0; i < 35; i++) statuses.push((await call(page, 'POST', '/api/connections', attempt(i))).status);
  await page.goto(`${secondDashboard}/connect`);
  for (let i = 35; i < limit + 5; i++) statuses.push((await call(page, 'POST', '/api/connections', attempt(i))).status);
  expect(statuses.slice(0, limit).includes(429)).toBe(false);
  expect(statuses.slice(limit), JSON.stringify(statuses)).toEqual([429, 429, 429, 429, 429]);
});

test('export progress started on one instance is read on the other', async ({ page }) => {
  await connectWithCode(page);
  const id = `e2e-both-${Date.now().toString(36)}`;
  const started = await call(
    page,
    'GET',
    `/api/export/appointments.csv?fields=id&from=2026-11-16&to=2026-11-22&exportId=${id}`,
  );
  expect(started.status).toBe(200);
  await page.goto(`${secondDashboard}/connect`);
  const progress = await call(page, 'GET', `/api/export/progress/${id}`);
  expect(progress.status).toBe(200);
  expect(JSON.parse(progress.text)).toMatchObject({ finished: true, total: 1 });
});

test('heavy reads are counted across both instances: four held through one, the fifth through the other gets 429', async ({
  page,
}) => {
  await connectWithCode(page);
  const get = async (origin: string, path: string) => {
    const r = await page.request.get(`${origin}${path}`, {
      headers: { 'x-rooster-client': '1', 'accept-language': 'en' },
    });
    return { status: r.status(), text: await r.text() };
  };
  const first = new URL(page.url()).origin;
  const week = `/api/partner/appointments?fields=id&start=${W47.start}&end=${W47.end}`;
  // The rights are read and cached on both first.
  expect((await get(first, week)).status).toBe(200);
  expect((await get(secondDashboard, week)).status).toBe(200);
  // A page that reads nothing on its own (the landing page's polls would take the session's sockets too).
  await page.goto('/connection');
  await page.waitForLoadState('networkidle');
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', hang: true, times: 4 });
  try {
    const held = Array.from({ length: 4 }, () => get(first, week));
    await expect
      .poll(async () => (await sandbox.admin<{ faults: { hits: number }[] }>('GET', '/faults')).faults[0]?.hits)
      .toBe(4);
    const fifth = await get(secondDashboard, week);
    expect(fifth.status).toBe(429);
    expect(JSON.parse(fifth.text).error.message).toMatch(/already has 4 large reads or exports under way/);
    for (const answer of await Promise.all(held)) expect(answer.status).toBeLessThan(600);
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
  // Once they ended, their slots are free again, on either instance.
  expect((await get(secondDashboard, week)).status).toBe(200);
});
