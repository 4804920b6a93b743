import { expect, test, type Page } from '@playwright/test';
import { connectWithCode } from './support';

// A page's links fetch their pages ahead only when a person reaches for one (components/ui/pending-link.tsx).
// Next's default fetches every link's page as it comes into view: with the menu on every page and the
// day's links on /changes, a page view asked the server for 35 renders and parsed them while the page
// itself was starting.

/** The paths of the pages the browser asks for as React Server Component payloads, from now on. */
function pagePayloads(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc')) paths.push(url.pathname);
  });
  return paths;
}

test('a page view fetches no other page ahead; a link reached for is fetched, and opens', async ({ page }) => {
  await connectWithCode(page);
  const payloads = pagePayloads(page);
  await page.goto('/changes?date=2026-11-18', { waitUntil: 'networkidle' });
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.locator('a[href="/cover"]')).toBeVisible();
  expect(payloads).toEqual([]);

  // The pointer over a link: its page is fetched ahead, and only its page.
  await menu.locator('a[href="/cover"]').hover();
  await expect.poll(() => payloads.includes('/cover')).toBe(true);
  expect(payloads.filter((p) => p !== '/cover')).toEqual([]);

  // A keyboard user reaching a link by focus gets the same.
  await menu.locator('a[href="/staffing/load"]').focus();
  await expect.poll(() => payloads.includes('/staffing/load')).toBe(true);

  await menu.locator('a[href="/cover"]').click();
  await expect(page).toHaveURL(/\/cover/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
