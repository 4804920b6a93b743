import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { fromWire } from '../../lib/explorer/state';
import { addWeeks, currentWeek, weekWindow } from '../../lib/partner-api/values';
import { PortalClient } from '../support/portal';
import { ZONE } from './day-versions';
import { connectWithCode, portal, sandbox } from './support';

async function tableCells(page: Page) {
  return page
    .locator('tbody tr[data-row]')
    .evaluateAll((rows) =>
      rows.map((r) =>
        [...r.querySelectorAll('td')].map((td) => (td.textContent === '—' ? '' : (td.textContent ?? ''))),
      ),
    );
}

test('contracts show employee names, and the CSV export holds exactly the rows shown', async ({ page }) => {
  await connectWithCode(page);
  await page.goto('/staffing/contracts?active=2026-11-21');
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  // Names joined from /employees: first name, prefix and last name.
  const names = await page.locator('tbody tr[data-row] td:first-child').allTextContents();
  expect(names.length).toBeGreaterThan(50);
  expect(names.every((n) => /^\S+( \S+)+$/.test(n))).toBe(true);
  expect(names.some((n) => / (van|de|van der|van den|van de|ter|ten) /.test(n))).toBe(true);

  await page.getByPlaceholder('Search…').fill('van');
  await expect(page.getByTestId('row-count')).toContainText(/^\d[\d,]* of \d[\d,]* rows$/);
  await page.getByRole('button', { name: /^Start/ }).click();
  await expect(page).toHaveURL(/sort=start\.asc/);
  await expect(page).toHaveURL(/q=van/);
  const shown = await tableCells(page);
  expect(shown.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export CSV' }).click();
  // The dialog sits in the middle of the screen (inside the table's spaced column it was pushed to the top).
  const box = (await page.getByRole('dialog').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.y - (viewport.height - box.y - box.height))).toBeLessThanOrEqual(2);
  await page.getByLabel('Comma').check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('\r\n');
  const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
  expect(header![0]).toBe('Name');
  expect(rows).toEqual(shown);
  expect((await download).suggestedFilename()).toMatch(/^contracts-all-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('absences in a range, with counts per type', async ({ page }) => {
  await connectWithCode(page);
  await page.goto('/staffing/absences?from=2026-09-01&to=2026-11-20');
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  await expect(page.getByTestId('absence-counts')).toContainText('ZIEK');
  const count = Number(
    (await page.getByTestId('row-count').first().textContent())!.split(' of ')[1]!.replace(/\D/g, ''),
  );
  const portal = await new PortalClient(sandbox.origin).connect('demo');
  const me = (await portal.get<{ schoolInSchoolYears: { id: number }[] }>('/partners/~me')).body.response.data[0]!;
  const { body } = await portal.get('/employeeabsences', {
    schoolInSchoolYear: me.schoolInSchoolYears.map((p) => p.id).join(','),
    fields: 'id',
    startDate: '2026-09-01',
    endDate: '2026-11-20',
  });
  expect(count).toBe(body.response.data.length);
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page).not.toHaveURL(/from=/);
});

test('the explorer runs a filtered appointments query, and its curl line is the request made', async ({ page }) => {
  await connectWithCode(page);
  const w = weekWindow({ year: 2026, week: 47 });
  await page.goto(
    `/explorer/appointments?fields=id,start,type,cancelled&p.start=${w.start}&p.end=${w.end}&p.cancelled=true`,
  );
  await page.getByRole('button', { name: 'Run request' }).click();
  await expect(page.getByTestId('explorer-count')).toBeVisible();
  const count = Number((await page.getByTestId('explorer-count').textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Code' }).click();
  const curl = (await page.getByTestId('explorer-curl').textContent())!;
  expect(curl).toContain("--header 'Authorization: Bearer YOUR_TOKEN'");
  expect(curl).not.toMatch(/Bearer [a-z0-9]{20,}/);
  const url = new URL(/--url '([^']+)'/.exec(curl)![1]!);
  expect(url.origin).toBe(sandbox.origin);
  expect(url.searchParams.get('cancelled')).toBe('true');
  expect(url.searchParams.get('start')).toBe(String(w.start));
  // Run the snippets themselves with a real token: the same rows come back.
  const portal = await new PortalClient(sandbox.origin).connect('demo');
  const withToken = (code: string) => code.split('YOUR_TOKEN').join(portal.token!);
  const fromCurl = JSON.parse(execFileSync('sh', ['-c', withToken(curl)]).toString()) as {
    response: { data: unknown[] };
  };
  expect(fromCurl.response.data.length).toBe(count);
  await page.getByLabel('Programming language').selectOption('fetch');
  const js = (await page.getByTestId('explorer-fetch').textContent())!;
  const logged: { response: { data: unknown[] } }[] = [];
  const run = new Function('console', `return (async () => { ${withToken(js)} })()`) as (c: unknown) => Promise<void>;
  await run({ log: (x: { response: { data: unknown[] } }) => logged.push(x), error: () => undefined });
  await expect.poll(() => logged.length).toBe(1);
  expect(logged[0]!.response.data).toEqual(fromCurl.response.data);
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page.getByTestId('row-count')).toContainText(
    `${count.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} rows`,
  );
});

async function startRangeExport(page: Page, from: string, to: string) {
  await page.goto('/explorer/appointments?fields=id,start,end,type,teachers,cancelled');
  // Typed before React has hydrated the page, a value is reset to the default (seen once in CI).
  await page.waitForLoadState('networkidle');
  await page.getByLabel('From').fill(from);
  await page.getByLabel('to', { exact: true }).fill(to);
  await expect(page.getByLabel('From')).toHaveValue(from);
  await expect(page.getByLabel('to', { exact: true })).toHaveValue(to);
  await page.getByRole('button', { name: 'Export streamed CSV' }).click();
}

test('dates typed into the range export before the page is interactive are kept and exported', async ({ page }) => {
  await connectWithCode(page);
  // The page's scripts are held back until both dates are typed: the fields are the server's HTML.
  // Only scripts: a held stylesheet blocks rendering, and React reveals a streamed part of the page
  // on the next frame, which would then never come.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/explorer/appointments?fields=id,start', { waitUntil: 'commit' });
  await page.getByLabel('From').fill('2026-11-02');
  await page.getByLabel('to', { exact: true }).fill('2026-11-15');
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel('From')).toHaveValue('2026-11-02');
  await expect(page.getByLabel('to', { exact: true })).toHaveValue('2026-11-15');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export streamed CSV' }).click();
  await download;
  await expect(page.getByTestId('export-done')).toContainText('Exported 2 weeks');
});

test('a streamed export of ten weeks holds exactly the sum of the ten weeks’ rows', async ({ page }) => {
  test.setTimeout(90_000);
  const portal = await new PortalClient(sandbox.origin).connect('demo');
  const me = (await portal.get<{ schoolInSchoolYears: { id: number }[] }>('/partners/~me')).body.response.data[0]!;
  let expected = 0;
  for (let i = 0; i < 10; i++) {
    const w = weekWindow(addWeeks({ year: 2026, week: 46 }, i));
    const { body } = await portal.get('/appointments', {
      schoolInSchoolYear: me.schoolInSchoolYears.map((p) => p.id).join(','),
      fields: 'id',
      start: w.start,
      end: w.end,
    });
    expected += body.response.data.length;
  }
  expect(expected).toBeGreaterThan(15_000);
  await connectWithCode(page);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await startRangeExport(page, '2026-11-09', '2027-01-17'); // weeks 46 to 2 (holiday weeks hold nothing)
  const file = await (await download).path();
  const rows = parse(readFileSync(file), { bom: true }) as string[][];
  expect(rows[0]).toEqual(['id', 'start', 'end', 'type', 'teachers', 'cancelled']);
  expect(rows.length - 1).toBe(expected);
  expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(expected);
  await expect(page.getByTestId('export-done')).toContainText('Exported 10 weeks');
});

test('a portal failure in week 6 makes the export fail visibly, naming the week', async ({ page }) => {
  await connectWithCode(page);
  await page.goto('/explorer/appointments');
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', status: 500, after: 5, times: 1 });
  try {
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await startRangeExport(page, '2026-11-09', '2027-01-17');
    await expect(page.getByTestId('export-failed')).toContainText('week 2026-W51', { timeout: 30_000 });
    await expect(page.getByTestId('export-failed')).toContainText('No file was saved');
    expect(downloaded).toBe(false);
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
});

test('the explorer shows its rows in an order the header says: by start, earliest first', async ({ page }) => {
  await connectWithCode(page);
  const w = weekWindow({ year: 2026, week: 47 });
  await page.goto(`/explorer/appointments?fields=id,start,type&p.start=${w.start}&p.end=${w.end}&p.type=meeting`);
  await page.getByRole('button', { name: 'Run request' }).click();
  await expect(page.getByTestId('explorer-count')).toBeVisible();
  const start = page.locator('th', { has: page.getByRole('button', { name: /^start/ }) });
  await expect(start).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  // The rows in that order: each start no earlier than the one above it (as the portal's numbers).
  const { client, projects } = await portal();
  const { body } = await client.get<{ id: number; start: number }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id,start',
    start: w.start,
    end: w.end,
    type: 'meeting',
  });
  const startOf = new Map(body.response.data.map((r) => [String(r.id), r.start]));
  const ids = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
  const starts = ids.map((id) => startOf.get(id.replace(/\D/g, ''))!);
  expect(starts.length).toBeGreaterThan(1);
  expect(starts).toEqual([...starts].sort((x, y) => x - y));
});

test('the explorer opens a list on this week, the window in its filters and the order on a header', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto('/explorer/appointments');
  const w = weekWindow(currentWeek());
  // The window is in the form, as the person would have typed it, and in the shareable URL once run.
  await expect(page.locator('#filter-value-start')).toHaveValue(fromWire('timestamp', String(w.start), ZONE));
  await expect(page.locator('#filter-value-end')).toHaveValue(fromWire('timestamp', String(w.end), ZONE));
  await page.getByRole('button', { name: 'Run request' }).click();
  await expect(page.getByTestId('explorer-count')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`p\\.start=${w.start}.*p\\.end=${w.end}`));
  const { client, projects } = await portal();
  const { body } = await client.get<{ id: number }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id',
    start: w.start,
    end: w.end,
  });
  await expect(page.getByTestId('explorer-count')).toHaveText(
    new Intl.NumberFormat('en').format(body.response.data.length),
  );
  await expect(
    page.locator('th[aria-sort="ascending"]', { has: page.getByRole('button', { name: /^start/ }) }),
  ).toHaveCount(1);
});

test('a shared explorer link without a range runs on this week and shows its rows', async ({ page }) => {
  await connectWithCode(page);
  const w = weekWindow(currentWeek());
  const { client, projects } = await portal();
  const { body } = await client.get<{ id: number }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id',
    start: w.start,
    end: w.end,
  });
  expect(body.response.data.length).toBeGreaterThan(0);
  await page.goto('/explorer/appointments?fields=id,start,end&run=1');
  await expect(page.getByTestId('explorer-count')).toHaveText(
    new Intl.NumberFormat('en').format(body.response.data.length),
    { timeout: 15_000 },
  );
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  // The window it took is this week's, in the form, the address and the request made.
  await expect(page).toHaveURL(new RegExp(`p\\.start=${w.start}.*p\\.end=${w.end}`));
  await expect(page.locator('#filter-value-start')).toHaveValue(fromWire('timestamp', String(w.start), ZONE));
  await expect(page.locator('#filter-value-end')).toHaveValue(fromWire('timestamp', String(w.end), ZONE));
  await page.getByRole('tab', { name: 'Request' }).click();
  const url = (await page.getByTestId('explorer-request').locator('dd code').first().textContent())!;
  const request = new URL(url.replace(/^GET /, ''));
  expect(request.searchParams.get('start')).toBe(String(w.start));
  expect(request.searchParams.get('end')).toBe(String(w.end));
});

test('a failed explorer request still shows its code, the request that failed', async ({ page }) => {
  await connectWithCode(page);
  const w = weekWindow({ year: 2026, week: 47 });
  const codeOf = async () => {
    await expect(page.getByRole('alert').filter({ hasText: 'The data could not be read' })).toBeVisible();
    await page.getByRole('tab', { name: 'Code' }).click();
    const curl = (await page.getByTestId('explorer-curl').textContent())!;
    expect(curl).toContain("--header 'Authorization: Bearer YOUR_TOKEN'");
    return { curl, url: new URL(/--url '([^']+)'/.exec(curl)![1]!) };
  };

  // A filter value the portal does not take: the snippet is that request, and run it fails at the portal too.
  await page.goto(`/explorer/appointments?fields=id,start&p.start=${w.start}&p.end=${w.end}&p.cancelled=maybe&run=1`);
  const bad = await codeOf();
  expect(bad.url.origin).toBe(sandbox.origin);
  expect(bad.url.pathname).toBe('/api/appointments');
  expect(bad.url.searchParams.get('cancelled')).toBe('maybe');
  expect(bad.url.searchParams.get('fields')).toBe('id,start');
  const partner = await new PortalClient(sandbox.origin).connect('demo');
  const status = execFileSync('sh', [
    '-c',
    `${bad.curl.split('YOUR_TOKEN').join(partner.token!)} --silent --output /dev/null --write-out '%{http_code}'`,
  ]).toString();
  expect(status).toBe('400');

  // The portal refusing a request Rooster let through (an upstream 4xx).
  await sandbox.admin('PUT', '/faults', { path: '/api/appointments', status: 400 });
  try {
    await page.goto(`/explorer/appointments?fields=id,type&p.start=${w.start}&p.end=${w.end}&run=1`);
    const refused = await codeOf();
    expect(refused.url.pathname).toBe('/api/appointments');
    expect(refused.url.searchParams.get('fields')).toBe('id,type');
    expect(refused.url.searchParams.get('start')).toBe(String(w.start));
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
});

test('the column picker works from the keyboard: opens on Enter, a column hides, Escape closes where it was', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto('/staffing/contracts?active=2026-11-21');
  await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
  const headers = () => page.locator('thead th').count();
  const before = await headers();
  const button = page.getByRole('button', { name: 'Columns' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // The panel lies under its button, inside the window.
  const panel = page.locator('[popover]:popover-open');
  const [at, box] = [await button.boundingBox(), await panel.boundingBox()];
  expect(box!.y).toBeGreaterThanOrEqual(at!.y + at!.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Tab leads into the panel: the first column's box; Space unticks it and the table loses a column.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('checkbox').first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(headers).toBe(before - 1);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
});

test('a long table keeps only the rows in view in the page, and scrolling reaches its last row', async ({ page }) => {
  const week = weekWindow({ year: 2026, week: 47 });
  const { client, projects } = await portal();
  const { body } = await client.get<{ id: number }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'id',
    start: week.start,
    end: week.end,
  });
  const ids = body.response.data.map((r) => String(r.id));
  expect(ids.length).toBeGreaterThan(300);
  await connectWithCode(page);
  await page.goto(`/explorer/appointments?fields=id&p.start=${week.start}&p.end=${week.end}&run=1`);
  await expect(page.getByTestId('explorer-count')).toHaveText(ids.length.toLocaleString('en'));
  const rows = page.locator('tbody tr[data-row]');
  await expect(rows.first()).toHaveText(ids[0]!);
  // Virtual rows: the page holds a few screens of them, not the week's thousands.
  expect(await rows.count()).toBeLessThan(120);
  const scroller = page.getByLabel('Table rows (scroll with the arrow keys)');
  // Scrolled at once, whether or not the virtualiser's code is there yet: the last rows come.
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows.last()).toHaveText(ids.at(-1)!);
  expect(await rows.count()).toBeLessThan(120);
});
