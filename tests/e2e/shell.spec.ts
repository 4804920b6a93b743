import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { connectWithCode, sandbox } from './support';

const sections = [
  { link: 'Rights', path: '/rights', heading: 'Rights' },
  { link: 'Timetable', path: '/timetable', heading: 'Timetable' },
  { link: 'Staff › Contracts', path: '/staffing/contracts', heading: 'Contracts' },
  { link: 'Staff › Absences', path: '/staffing/absences', heading: 'Absences' },
  { link: 'Explorer', path: '/explorer', heading: 'Explorer' },
];

test('the shell shows the product, the connection state and the navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Rooster – Today', exact: true })).toBeVisible();
  await expect(page.getByTestId('connection-state')).toContainText('Not connected');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const s of sections) await expect(nav.getByRole('link', { name: s.link, exact: true })).toBeVisible();
});

test('navigation reaches every section, and each asks for a connection first', async ({ page }) => {
  await page.goto('/');
  for (const s of sections) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: s.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${s.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: s.link, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Connect to a school portal first' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Connect a portal' })).toHaveAttribute(
      'href',
      '/connection',
    );
    // No invented data: without a connection no table, grid or record appears.
    await expect(page.locator('table, [data-appointment-id]')).toHaveCount(0);
  }
});

test('a menu item says it is opening while its page waits for the portal', async ({ page }) => {
  await connectWithCode(page);
  await page.goto('/rights');
  const item = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Changes', exact: true });
  await expect(item.locator('[data-link-pending]')).toHaveCount(0);
  // The day's changes are computed on the server from the week (up to 1.5 s): here the portal takes 1 s.
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', param: 'start', latencyMs: 1_000 });
  try {
    await item.click();
    await expect(item.locator('[data-link-pending]')).toHaveCount(1);
    await expect(page).toHaveURL(/\/changes$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Changes');
    await expect(page.locator('[data-link-pending]')).toHaveCount(0);
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
});

test('an unknown address says so and links back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

for (const path of ['/', '/connection', '/rights', '/timetable', '/staffing/contracts']) {
  test(`axe finds no serious accessibility issue on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the pages’ earlier addresses lead to the same page under its one name, the query kept', async ({
  page,
  request,
}) => {
  for (const [old, now] of [
    ['/staff/contracts?active=2026-11-21', '/staffing/contracts?active=2026-11-21'],
    ['/staff/load?week=2026-W47', '/staffing/load?week=2026-W47'],
    ['/explore', '/explorer'],
    ['/explore/appointments?fields=id', '/explorer/appointments?fields=id'],
    ['/connect?reason=disconnected', '/connection?reason=disconnected'],
  ]) {
    const res = await request.get(old!, { maxRedirects: 0 });
    expect(res.status(), old).toBe(308);
    expect(res.headers().location, old).toBe(now);
  }
  await page.goto('/staff/absences');
  await expect(page).toHaveURL(/\/staffing\/absences$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('pages carry the basic security headers and no X-Powered-By', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-powered-by']).toBeUndefined();
});

test('on a phone (390×844) every item of the header menu is at least 44 px high, connected or not', async ({
  page,
}) => {
  const phone = { width: 390, height: 844 };
  const heights = async () => {
    await page.getByTestId('menu-button').click();
    const panel = page.locator(`[id="${await page.getByTestId('menu-button').getAttribute('aria-controls')}"]`);
    const items = panel.locator('a, button, select, [aria-disabled="true"]');
    await expect(items.first()).toBeVisible();
    const boxes = await items.evaluateAll((els) =>
      els.map((el) => ({
        item: (el.textContent ?? '').trim().slice(0, 30),
        height: el.getBoundingClientRect().height,
      })),
    );
    expect(boxes.length).toBeGreaterThan(3);
    return boxes;
  };
  const desk = page.viewportSize()!;
  await page.setViewportSize(phone);
  await page.goto('/');
  const disconnected = await heights();
  expect.soft(disconnected.filter((b) => b.height < 44)).toEqual([]);
  await page.setViewportSize(desk);
  await connectWithCode(page);
  await page.setViewportSize(phone);
  await page.goto('/rights');
  const connected = await heights();
  expect(connected.filter((b) => b.height < 44)).toEqual([]);
});

test('Vandaag’s last views name each page by its own name, and one page with other filters once', async ({ page }) => {
  await connectWithCode(page);
  for (const path of [
    '/staffing/contracts?active=2026-11-20',
    '/staffing/contracts',
    '/staffing/load',
    '/timetable/overview',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          (p) => Object.entries(localStorage).some(([k, v]) => k.startsWith('rooster:recent:') && v.includes(p)),
          path,
        ),
      )
      .toBe(true);
  }
  await page.goto('/');
  const recent = page.locator('#today-recent').locator('..').getByRole('link');
  await expect(recent.first()).toBeVisible();
  expect(await recent.allInnerTexts()).toEqual(['Overview', 'Teaching load', 'Contracts']);
});
