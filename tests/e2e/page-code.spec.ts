import { expect, test, type Page } from '@playwright/test';
import { compareNames, nameSortKey } from '../../lib/people/names';
import { connectWithCode, fullName, portal, portalUsers } from './support';

// What a page ships on its first visit (docs/page-weight.md): code kept off a page stays off it.
// Each marker is a text only that code holds, and each is shown present where the code belongs, so a
// marker that stopped matching cannot make these tests pass.
const TANSTACK_TABLE = 'debugColumns'; // an option name TanStack Table's core reads
const CATALOGUE = 'a field on /schedulepreferences replaces'; // a note in lib/partner-api/catalog.ts
const DATA_TABLE = 'row-count'; // the test id of the data table's row count (components/data-table)
const LIVE_EXPLORER = 'live-slots'; // the test id of the live schedule explorer's table

/** The scripts the page downloads, their text, from now on. */
function scriptsOf(page: Page) {
  const texts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') texts.push(response.text().catch(() => ''));
  });
  return {
    holding: async (marker: string) => (await Promise.all(texts)).some((text) => text.includes(marker)),
    count: () => texts.length,
  };
}

test('a staffing table shows its rows without its sorting code, loads it when reached for, then sorts', async ({
  page,
}) => {
  await connectWithCode(page);
  const scripts = scriptsOf(page);
  await page.goto('/staffing/contracts?active=2026-11-21', { waitUntil: 'networkidle' });
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  expect(await scripts.holding(TANSTACK_TABLE)).toBe(false);
  expect(await scripts.holding(CATALOGUE)).toBe(false);

  // The pointer reaches the table: the engine arrives, and a sort by name is the Dutch one.
  const before = scripts.count();
  await page.locator('table').hover();
  await expect.poll(() => scripts.count()).toBeGreaterThan(before);
  await expect.poll(() => scripts.holding(TANSTACK_TABLE)).toBe(true);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=_name\.asc/);
  const names = await page.locator('tbody tr[data-row] td:first-child').allTextContents();
  const people = [...(await portalUsers()).values()];
  const byName = new Map(people.map((u) => [fullName(u), u]));
  const shown = names.map((n) => byName.get(n)).filter((u) => u !== undefined);
  expect(shown.length).toBeGreaterThan(20);
  expect(shown.map(nameSortKey)).toEqual([...shown].sort(compareNames).map(nameSortKey));
});

test('a shared address with a sort never shows its rows unsorted, not even while the code loads', async ({ page }) => {
  await connectWithCode(page);
  const views: string[][] = [];
  // Every list of names the table shows, from the first paint on.
  await page.exposeFunction('shownNames', (names: string[]) => views.push(names));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const names = [...document.querySelectorAll('tbody tr[data-row] td:first-child')].map((td) => td.textContent);
      if (names.length > 0) (window as unknown as { shownNames: (n: unknown) => void }).shownNames(names);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/staffing/contracts?active=2026-11-21&sort=_name.desc', { waitUntil: 'networkidle' });
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  const byName = new Map([...(await portalUsers()).values()].map((u) => [fullName(u), u]));
  expect(views.length).toBeGreaterThan(0);
  for (const view of views) {
    const people = view.flatMap((name) => byName.get(name) ?? []);
    expect(people.length).toBeGreaterThan(10);
    expect(people.map(nameSortKey)).toEqual([...people].sort((a, b) => compareNames(b, a)).map(nameSortKey));
  }
});

test('the explorer is handed its endpoint’s part of the catalogue with the page, never the catalogue in a script', async ({
  page,
}) => {
  await connectWithCode(page);
  const scripts = scriptsOf(page);
  // The marker is a note on a contracts field: the page's HTML holds it (the server's catalogue).
  const response = await page.goto('/explorer/contracts', { waitUntil: 'networkidle' });
  expect(await response!.text()).toContain(CATALOGUE);
  expect(await scripts.holding(CATALOGUE)).toBe(false);
  // The form still knows the spec: a field it lists as unsupported (fteNet) is marked so, a supported
  // one (employee) is not, and none of the contracts' fields is taken for one the spec does not know.
  const fields = page.getByRole('group', { name: /fields/i });
  await expect(fields.getByRole('checkbox', { name: 'fteNet unsupported', exact: true })).toBeVisible();
  await expect(fields.getByRole('checkbox', { name: 'employee', exact: true })).toBeVisible();
  await expect(fields.getByText('not in spec')).toHaveCount(0);
});

test('the explorer ships its table with the first request run, and the live schedule’s code on its own page only', async ({
  page,
}) => {
  await connectWithCode(page);
  const scripts = scriptsOf(page);
  await page.goto('/explorer/contracts?fields=id,employee', { waitUntil: 'networkidle' });
  await expect(page.getByText('Choose fields and filters, then run the request.')).toBeVisible();
  expect(await scripts.holding(DATA_TABLE)).toBe(false);
  expect(await scripts.holding(LIVE_EXPLORER)).toBe(false);

  // Run: the table's code comes with the answer, and the table holds every contract the portal has.
  await page.getByRole('button', { name: 'Run request' }).click();
  const { client, projects } = await portal();
  const contracts = (await client.get('/contracts', { schoolInSchoolYear: projects, fields: 'id' })).body.response.data
    .length;
  expect(contracts).toBeGreaterThan(0);
  await expect(page.getByTestId('row-count')).toContainText(
    `${contracts.toLocaleString('en-US')} of ${contracts.toLocaleString('en-US')} rows`,
  );
  expect(await scripts.holding(DATA_TABLE)).toBe(true);
  expect(await scripts.holding(LIVE_EXPLORER)).toBe(false);

  await page.goto('/explorer/liveschedule', { waitUntil: 'networkidle' });
  await expect(page.getByText('Choose a student, a week and a project, then run the request.')).toBeVisible();
  expect(await scripts.holding(LIVE_EXPLORER)).toBe(true);
});

test('a table whose sorting code does not arrive says so, keeps its rows, and sorts after a retry', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto('/staffing/contracts?active=2026-11-21', { waitUntil: 'networkidle' });
  const rows = page.locator('tbody tr[data-row]');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  // The network drops for the code fetched on demand (a tab older than a deploy fails the same way).
  await page.route('**/_next/static/chunks/**', (route) => route.abort());
  await page.getByRole('button', { name: /^Name/ }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'could not load' });
  await expect(notice).toBeVisible();
  await expect(rows).toHaveCount(count);
  await page.unroute('**/_next/static/chunks/**');
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(notice).toHaveCount(0);
});
