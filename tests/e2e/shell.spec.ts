import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

const sections = [
  { link: 'Rights', path: '/rights', heading: 'Rights' },
  { link: 'Timetable', path: '/timetable', heading: 'Timetable' },
  { link: 'Staff › Contracts', path: '/staff/contracts', heading: 'Contracts' },
  { link: 'Staff › Absences', path: '/staff/absences', heading: 'Absences' },
  { link: 'Explorer', path: '/explore', heading: 'Explorer' },
];

test('the shell shows the product, the connection state and the navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Rooster', exact: true })).toBeVisible();
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
      '/connect',
    );
    // No invented data: without a connection no table, grid or record appears.
    await expect(page.locator('table, [data-appointment-id]')).toHaveCount(0);
  }
});

test('an unknown address says so and links back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

for (const path of ['/', '/connect', '/rights', '/timetable', '/staff/contracts']) {
  test(`axe finds no serious accessibility issue on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('pages carry the basic security headers and no X-Powered-By', async ({ request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-powered-by']).toBeUndefined();
});
