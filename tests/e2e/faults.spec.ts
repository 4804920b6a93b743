import { expect, test, type Page } from '@playwright/test';
import { aTeacher, connectWithCode, sandbox, W47 } from './support';

// Faults injected at the sandbox (`/admin/faults`), seen through Rooster's proxy and pages.

test.describe.configure({ mode: 'serial' });
test.afterEach(async ({ page }) => {
  await sandbox.admin('DELETE', '/faults');
  // A paused portal (circuit breaker, 3 s in these tests) must have recovered before the next test:
  // wait until a read goes through again (only a page on Rooster's origin can ask).
  if (page.url().startsWith('http')) await recovered(page);
});

const apiRequests = async () => (await sandbox.admin<{ apiRequests: number }>('GET', '/health')).apiRequests;
const call = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const r = await fetch(p, { headers: { 'x-rooster-client': '1' } });
    const body = (await r.json().catch(() => null)) as {
      error?: { message: string; eventId?: number; retryAfter?: number };
    } | null;
    return { status: r.status, error: body?.error ?? null, retryAfter: r.headers.get('retry-after') };
  }, path);
/** Waits until the portal answers through Rooster again (a paused portal answers 503 until its cool-down ends). */
const recovered = (page: Page) =>
  expect
    .poll(async () => (await call(page, '/api/partner/branches')).status, { timeout: 15_000, intervals: [250] })
    .toBe(200);
test('latency past the timeout becomes a 504 state with a retry that works', async ({ page }) => {
  test.setTimeout(60_000);
  const teacher = await aTeacher();
  await connectWithCode(page);
  // The teacher's week (its read names the teacher), not the school's periods read beside it.
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', param: 'teachers', latencyMs: 5000, times: 2 });
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  const alert = page.getByRole('alert').filter({ hasText: 'The week could not be read' });
  await expect(alert).toContainText('did not answer in time', { timeout: 20_000 });
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible({ timeout: 10_000 });
  expect((await call(page, '/api/partner/branches')).status).toBe(200);
});

test('a 503 with Retry-After is retried, then succeeds', async ({ page }) => {
  await connectWithCode(page);
  await sandbox.admin('PUT', '/faults', { path: '/api/branches', status: 503, retryAfter: 1, times: 1 });
  // One refused attempt, then the retry succeeds (that it waits Retry-After: client.server.test.ts).
  expect(await call(page, '/api/partner/branches')).toMatchObject({ status: 200 });
  const { faults } = await sandbox.admin<{ faults: { hits: number }[] }>('GET', '/faults');
  expect(faults[0]!.hits).toBe(1);
});

test('a burst of 500s pauses calls to the portal for a cool-down, then it recovers', async ({ page }) => {
  await connectWithCode(page);
  await sandbox.admin('PUT', '/faults', { path: '/api/branches', status: 500, times: 5 });
  for (let i = 0; i < 5; i++) {
    const r = await call(page, '/api/partner/branches');
    expect(r.status).toBe(502);
    expect(r.error?.eventId).toEqual(expect.any(Number)); // the portal's eventId, to quote
  }
  const before = await apiRequests();
  const paused = await call(page, '/api/partner/branches');
  expect(paused.status).toBe(503);
  expect(paused.error?.message).toContain('pauses its calls');
  expect(Number(paused.retryAfter)).toBeGreaterThan(0);
  expect(await apiRequests()).toBe(before); // no call went to the failing portal
  await recovered(page);
});

test('malformed JSON and a connection cut mid-body become a clear 502', async ({ page }) => {
  await connectWithCode(page);
  await sandbox.admin('PUT', '/faults', { path: '/api/branches', malformed: true, times: 1 });
  const malformed = await call(page, '/api/partner/branches');
  expect(malformed.status).toBe(502);
  expect(malformed.error?.message).toMatch(/not the partner API/);
  await sandbox.admin('PUT', '/faults', { path: '/api/courses', cut: true, times: 3 });
  const cut = await call(page, '/api/partner/courses?fields=id');
  expect(cut.status).toBe(502);
  expect(cut.error?.message).toMatch(/broke|could not be reached/);
});

test('a large answer that breaks off after its first bytes shows as broken off, never as a shorter table', async ({
  page,
}) => {
  await connectWithCode(page);
  // Past the head Rooster reads before it answers (64 KB), so the browser has begun to receive it.
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', cutAfter: 300_000, times: 3 });
  await page.goto(`/explorer/appointments?fields=id,start,type&p.start=${W47.start}&p.end=${W47.end}&run=1`);
  await expect(page.getByText(/answer broke off part-way/)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('tbody tr[data-row]')).toHaveCount(0);
});

test('when a refresh fails the grid keeps the last good week, says what happened and offers a retry', async ({
  page,
}) => {
  const teacher = await aTeacher();
  await connectWithCode(page);
  await page.goto(`/timetable?week=2026-W47&teacher=${teacher}`);
  await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
  const blocks = await page.locator('[data-appointment-id]').count();
  expect(blocks).toBeGreaterThan(0);
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', status: 404, times: 4 });
  const banner = page.getByRole('alert').filter({ hasText: 'Could not refresh' });
  await expect(banner).toBeVisible({ timeout: 10_000 });
  await expect(banner).toContainText('portal event');
  await expect(page.locator('[data-appointment-id]')).toHaveCount(blocks);
  await sandbox.admin('DELETE', '/faults');
  await banner.getByRole('button', { name: 'Try again' }).click();
  await expect(banner).toHaveCount(0, { timeout: 10_000 });
});

test('browsers that leave before their answers begin leave no portal connection held: the next read is answered', async ({
  page,
}) => {
  await connectWithCode(page);
  const week = `/api/partner/appointments?fields=id,start,type&start=${W47.start}&end=${W47.end}`;
  // More reads than the session may hold at once, given up after 30 to 200 ms (from outside the page,
  // so the browser's six connections per host do not queue them): some before Rooster asked the
  // portal, most while it waited for the portal's answer to begin.
  const gone = await Promise.all(
    Array.from({ length: 48 }, (_, i) =>
      page.request.get(week, { headers: { 'x-rooster-client': '1' }, timeout: [30, 60, 100, 200][i % 4] }).then(
        () => 'answered',
        () => 'left',
      ),
    ),
  );
  const left = gone.filter((r) => r === 'left').length;
  // A session holds at most its share of the portal's sockets (4) and of streamed-read slots (8);
  // past them it gets 429 at once (answered). More than its share were given up while waiting.
  expect(left).toBeGreaterThan(4);
  // Held connections would keep the next read waiting for the body timeout (55 s), past this test's time.
  const next = await page.evaluate(async (path) => {
    const r = await fetch(path, { headers: { 'x-rooster-client': '1' } });
    return { status: r.status, text: await r.text() };
  }, week);
  expect(next.status, next.text.slice(0, 200)).toBe(200);
  expect((JSON.parse(next.text) as { response: { data: unknown[] } }).response.data.length).toBeGreaterThan(100);
});
