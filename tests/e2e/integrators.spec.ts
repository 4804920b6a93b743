import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatsFor } from '../../lib/format/dates';
import { parseWeek, readDate, weekWindow } from '../../lib/partner-api/values';
import { PortalClient } from '../support/portal';
import { axeViolations } from './axe';
import { aTeacher, connectWithCode, portal, sandbox, sandboxOrigin, W47 } from './support';

// For integrators: what the token may do, as a document their tools read.

test('the rights page downloads an OpenAPI document of exactly the granted endpoints and fields, without the token', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.getByRole('button', { name: 'Reveal token' }).click();
  const token = await page.getByLabel('Access token').inputValue();
  expect(token).toMatch(/^[a-z0-9]{26}$/);

  await page.goto('/rights');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download OpenAPI document' }).click();
  // Named for the portal, its host and port apart (not `openapi-127.0.0.14110.json`).
  const port = new URL(sandboxOrigin).port;
  expect((await download).suggestedFilename()).toBe(`openapi-127.0.0.1-${port}.json`);
  const text = readFileSync((await (await download).path())!, 'utf8');
  expect(text).not.toContain(token);
  const doc = JSON.parse(text) as {
    openapi: string;
    paths: Record<string, { get: { parameters?: { name: string; schema: { items?: { enum?: string[] } } }[] } }>;
  };
  expect(doc.openapi).toBe('3.1.0');

  // The portal's own answer, read independently.
  const { client } = await portal();
  const me = (await client.get<{ endpoints: { endpoint: string; readFields: string[] }[] }>('/partners/~me')).body
    .response.data[0]!;
  const granted = me.endpoints.map((e) => e.endpoint).filter((e) => e !== 'partners/~me');
  expect(Object.keys(doc.paths).sort()).toEqual([...granted.map((e) => `/${e}`), '/partners/~me'].sort());
  const appointments = me.endpoints.find((e) => e.endpoint === 'appointments')!;
  const fields = doc.paths['/appointments']!.get.parameters!.find((p) => p.name === 'fields')!;
  expect(fields.schema.items!.enum).toEqual(appointments.readFields);
});

test('a field on the rights page opens the explorer with that field chosen; the history runs a request again', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.goto('/rights');
  await page.getByTestId('rows-appointments').locator('summary').click();
  await page.locator('#endpoint-appointments tr[data-field="start"]').getByRole('link', { name: 'start' }).click();
  await expect(page).toHaveURL(/\/explorer\/appointments\?fields=start$/);
  await expect(page.getByRole('checkbox', { name: /^start\b/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^end\b/ })).not.toBeChecked();

  // One week keeps the answers small.
  await page.goto(`/explorer/appointments?fields=start&p.start=${W47.start}&p.end=${W47.end}`);
  await page.getByRole('button', { name: 'Run request' }).click();
  await expect(page.getByTestId('explorer-count')).toBeVisible();
  const first = page.url();
  await page.getByRole('checkbox', { name: /^end\b/ }).check();
  await page.getByRole('button', { name: 'Run request' }).click();
  await expect(page).toHaveURL(/fields=start%2Cend|fields=start,end/);
  await expect(page.getByTestId('explorer-count')).toBeVisible();

  await page.getByText(/^History \(2\)/).click();
  const history = page.getByTestId('explorer-history').getByRole('link');
  await expect(history).toHaveCount(2);
  await history.nth(1).click();
  await expect(page).toHaveURL(first);
  await expect(page.getByRole('checkbox', { name: /^end\b/ })).not.toBeChecked();
  await expect(page.getByTestId('explorer-count')).toBeVisible();
});

test('a link asking for fields outside the rights says what to ask the school for, and leaves them out', async ({
  page,
}) => {
  await connectWithCode(page, 'limited');
  await page.goto(`/explorer/appointments?fields=id,start,students&p.start=${W47.start}&p.end=${W47.end}&run=1`);
  await expect(page.getByRole('status').filter({ hasText: 'Not in your rights: students' })).toBeVisible();
  await expect(page.getByTestId('explorer-count')).toBeVisible();
  await page.getByRole('tab', { name: 'Request' }).click();
  const request = (await page.getByTestId('explorer-request').textContent())!;
  expect(request).toContain('fields=id%2Cstart');
  expect(request).not.toContain('students');
});

test('the explorer’s views are tabs from the keyboard: arrows, Home and End move and select', async ({ page }) => {
  await connectWithCode(page);
  await page.goto(`/explorer/appointments?fields=id,start&p.start=${W47.start}&p.end=${W47.end}&run=1`);
  await expect(page.getByTestId('explorer-count')).toBeVisible();
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await tab('Table').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('JSON')).toBeFocused();
  await expect(tab('JSON')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'JSON' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tab('Compare')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('Table')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Compare')).toBeFocused();
  // One tab stop: the others are reached with the arrows, not with Tab.
  await expect(page.locator('[role=tab][tabindex="0"]')).toHaveCount(1);
});

test('/explorer/liveschedule shows a student’s week with its choice slots, as the portal sends them', async ({
  page,
}) => {
  await connectWithCode(page);
  // Read independently: the week's slots and which of them are choices (they carry actions).
  const { client } = await portal();
  const weeks = (
    await client.get<{ appointments: { actions?: unknown[] | null; start?: number | null }[] }>('/liveschedule', {
      student: '100299',
      week: '202648',
      schoolInSchoolYear: 1261,
    })
  ).body.response.data;
  const slots = weeks.flatMap((w) => w.appointments).filter((a) => typeof a.start === 'number');
  const choices = slots.filter((a) => Array.isArray(a.actions) && a.actions.length > 0).length;
  expect(choices).toBeGreaterThan(0);

  await page.goto('/explorer');
  await page.getByRole('link', { name: '/liveschedule' }).click();
  await page.getByLabel('Student (code)').fill('100299');
  await page.getByLabel('Week').fill('2026-W48');
  await page.getByLabel('Project', { exact: true }).selectOption('1261');
  await page.getByRole('button', { name: 'Run request' }).click();
  const rows = page.getByTestId('live-slots').locator('tbody tr');
  await expect(rows).toHaveCount(slots.length);
  await expect(page.getByTestId('live-slots').locator('tbody tr[data-choice="true"]')).toHaveCount(choices);
  await expect(page).toHaveURL(/student=100299/);
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('response');
});

type Rec = Record<string, unknown>;

/** The portal's answer to one explorer request, read straight from the sandbox. */
async function portalRows(params: Record<string, string | number>): Promise<Rec[]> {
  const { client, projects } = await portal();
  return (await client.get<Rec>('/appointments', { schoolInSchoolYear: projects, ...params })).body.response.data;
}

/** What two answers imply, by id: the test's own reading, not Rooster's comparison. */
function expectedDifference(first: Rec[], second: Rec[]) {
  const before = new Map(first.map((r) => [String(r.id), r]));
  const after = new Map(second.map((r) => [String(r.id), r]));
  const rows: string[] = [];
  for (const [id, r] of after) {
    const old = before.get(id);
    if (!old) rows.push(`added ${id}`);
    else {
      const fields = Object.keys({ ...old, ...r }).filter((f) => JSON.stringify(old[f]) !== JSON.stringify(r[f]));
      if (fields.length > 0) rows.push(`changed ${id} ${fields.sort().join(',')}`);
    }
  }
  for (const id of before.keys()) if (!after.has(id)) rows.push(`removed ${id}`);
  return rows.sort();
}

/** The comparison table as a person reads it: the change, the id cell, and which cells show a change. */
async function differenceOnPage(page: Page) {
  const region = page.getByRole('region', { name: 'Difference between the two answers' });
  const headers = (await region.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼↕\d\s]*$/, '').trim());
  const idColumn = headers.indexOf('id');
  const rows = await region.locator('tbody tr[data-row]').evaluateAll(
    (trs, idAt) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        const kind = cells[0]!.querySelector('[data-change]')!.getAttribute('data-change');
        const changed = [...tr.querySelectorAll('[data-changed-field]')].map((e) =>
          e.getAttribute('data-changed-field'),
        );
        return `${kind} ${cells[idAt]!.textContent}${changed.length > 0 ? ` ${changed.sort().join(',')}` : ''}`;
      }),
    idColumn,
  );
  return rows.sort();
}

test('Compare: two weeks of one teacher list the records added and removed as the portal’s two answers imply', async ({
  page,
}) => {
  const teacher = await aTeacher();
  const W48 = weekWindow({ year: 2026, week: 48 });
  const fields = 'id,start,teachers,locations';
  const [week47, week48] = await Promise.all([
    portalRows({ fields, teachers: teacher, start: W47.start, end: W47.end }),
    portalRows({ fields, teachers: teacher, start: W48.start, end: W48.end }),
  ]);
  const expected = expectedDifference(week47, week48);
  expect(week47.length).toBeGreaterThan(0);
  expect(week48.length).toBeGreaterThan(0);
  expect(expected.filter((r) => r.startsWith('added'))).toHaveLength(week48.length);

  await connectWithCode(page);
  // The portal's own JSON travels only when someone opens the JSON view.
  const rawReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/partner/') && new URL(r.url()).searchParams.get('raw') === '1') rawReads.push(r.url());
  });
  await page.goto(
    `/explorer/appointments?fields=${fields}&p.teachers=${teacher}&p.start=${W47.start}&p.end=${W47.end}&run=1`,
  );
  await expect(page.getByTestId('explorer-count')).toHaveText(String(week47.length));
  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByRole('button', { name: 'A week later →' }).click();
  await expect(page.getByLabel('Value of start in the second request')).toHaveValue('2026-11-23T00:00');
  await expect(page.getByLabel('Value of end in the second request')).toHaveValue('2026-11-30T00:00');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();

  const counts = page.getByTestId('compare-counts');
  await expect(counts).toContainText(`${week48.length} rows added`);
  await expect(counts).toContainText(`${week47.length} rows removed`);
  await expect(counts).toContainText('0 rows changed');
  expect(await differenceOnPage(page)).toEqual(expected);

  await expect(page.getByRole('region', { name: 'Difference between the two answers' })).toContainText(
    /From start .*16 Nov 2026 00:00.* to start .*23 Nov 2026 00:00/,
  );
  const violations = await axeViolations(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The comparison is in the URL: the link opens on it.
  expect(page.url()).toContain('vs=1');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Compare', selected: true })).toBeVisible();
  await expect(page.getByTestId('compare-counts')).toContainText(`${week48.length} rows added`);

  expect(rawReads).toEqual([]);
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('response');
  expect(rawReads).toHaveLength(1);
});

test('Compare: the same request read again lists what changed in between, field by field', async ({ page }) => {
  // The sandbox's changes land in the lesson week it names (`changeWeek`) and the two lesson weeks
  // after it (and sometimes later): six weeks from it hold those three across a holiday of two.
  const { changeWeek } = await sandbox.admin<{ changeWeek: string }>('GET', '/health');
  const from = weekWindow(parseWeek(changeWeek)!);
  const window = { start: from.start, end: from.start + 6 * 7 * 86400 };
  const fields = 'id,teachers,locations,cancelled';
  await connectWithCode(page);
  await page.goto(`/explorer/appointments?fields=${fields}&p.start=${window.start}&p.end=${window.end}&run=1`);
  await expect(page.getByTestId('explorer-count')).toBeVisible({ timeout: 15_000 });
  const before = await portalRows({ fields, ...window });
  await expect(page.getByTestId('explorer-count')).toHaveText(before.length.toLocaleString('en-GB'));

  // Changes are drawn at random (a cancellation, a teacher or room changed are most of them, an
  // added lesson or a new participant some): drawn again until one changes a field read here.
  let expected: string[] = [];
  for (let round = 0; round < 4 && !expected.some((r) => r.startsWith('changed')); round++) {
    await sandbox.admin('POST', '/simulate', { changes: 12 });
    expected = expectedDifference(before, await portalRows({ fields, ...window }));
  }
  expect(expected.some((r) => r.startsWith('changed'))).toBe(true);

  await page.getByRole('tab', { name: 'Compare' }).click();
  await page.getByRole('button', { name: 'Read again and compare' }).click();
  await expect(page.getByRole('region', { name: 'Difference between the two answers' })).toBeVisible({
    timeout: 15_000,
  });
  expect(await differenceOnPage(page)).toEqual(expected);
  // The old value struck through, the new one beside it.
  const changed = page.locator('[data-changed-field]').first();
  await expect(changed.locator('del, ins').first()).toBeVisible();
});

test('Compare: one project against all of them matches the shared rows by id and lists the others as added', async ({
  page,
}) => {
  const { projects } = await portal();
  const fields = 'id,groups,locations';
  // The first lesson hour of Wednesday 18 November: every branch's lessons, a table that fits the page.
  const hour = { start: W47.start + 2 * 86400 + 8.5 * 3600, end: W47.start + 2 * 86400 + 9.5 * 3600 };
  const all = await portalRows({ fields, ...hour });
  // The first project with lessons in that hour (older school years have none).
  let first = '';
  let one: Rec[] = [];
  for (const project of projects.split(',')) {
    one = await portalRows({ fields, ...hour, schoolInSchoolYear: project });
    first = project;
    if (one.length > 0) break;
  }
  expect(one.length).toBeGreaterThan(0);
  const expected = expectedDifference(one, all);
  expect(expected.every((r) => r.startsWith('added'))).toBe(true);

  await connectWithCode(page);
  await page.goto(
    `/explorer/appointments?fields=${fields}&p.start=${hour.start}&p.end=${hour.end}&project=${first}&run=1`,
  );
  await expect(page.getByTestId('explorer-count')).toHaveText(one.length.toLocaleString('en-GB'));
  await page.getByRole('tab', { name: 'Compare' }).click();
  // None ticked is every project.
  await page.getByRole('button', { name: /^Projects of the second request:/ }).click();
  await page
    .getByRole('group', { name: 'Projects of the second request' })
    .getByRole('checkbox', { checked: true })
    .uncheck();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const counts = page.getByTestId('compare-counts');
  await expect(counts).toContainText(`${one.length.toLocaleString('en-GB')} rows equal`);
  await expect(counts).toContainText(`${(all.length - one.length).toLocaleString('en-GB')} rows added`);
  expect(await differenceOnPage(page)).toEqual(expected);
});

test('the explorer reads the projects a link names, shows them ticked with their school years, and one less when unticked', async ({
  page,
}) => {
  const { granted, thisYear: chosen } = await portal();
  expect(chosen.length).toBeGreaterThan(1);
  expect(chosen.length).toBeLessThan(granted.length);
  const fields = 'id,groups';
  const hour = { start: W47.start + 2 * 86400 + 8.5 * 3600, end: W47.start + 2 * 86400 + 9.5 * 3600 };
  const both = await portalRows({ fields, ...hour, schoolInSchoolYear: chosen.join(',') });
  const first = await portalRows({ fields, ...hour, schoolInSchoolYear: String(chosen[0]) });
  expect(first.length).toBeLessThan(both.length);

  await connectWithCode(page);
  await page.goto(
    `/explorer/appointments?fields=${fields}&p.start=${hour.start}&p.end=${hour.end}&project=${chosen.join(',')}&run=1`,
  );
  await expect(page.getByTestId('explorer-count')).toHaveText(both.length.toLocaleString('en-GB'));
  const picker = page.getByRole('button', { name: `Projects: ${chosen.length} projects` });
  await picker.click();
  const boxes = page.getByRole('group', { name: 'Projects' }).getByRole('checkbox');
  await expect(boxes).toHaveCount(granted.length);
  for (const p of granted) {
    const box = page.getByRole('checkbox', { name: new RegExp(`${p.schoolYear}-${p.schoolYear + 1}`) }).and(boxes);
    await expect(box.first()).toBeVisible();
  }
  await expect(page.getByRole('group', { name: 'Projects' }).getByRole('checkbox', { checked: true })).toHaveCount(
    chosen.length,
  );
  const second = page.getByRole('group', { name: 'Projects' }).getByRole('checkbox', { checked: true }).nth(1);
  await second.uncheck();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run request', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`project=${chosen[0]}(&|$)`));
  await expect(page.getByTestId('explorer-count')).toHaveText(first.length.toLocaleString('en-GB'));
});

for (const [screen, size, longest] of [
  ['a phone', { width: 390, height: 844 }, 6000],
  ['a laptop', { width: 1440, height: 900 }, 4000],
] as const)
  test(`on ${screen} /rights folds each endpoint’s fields and filters; a tap, a link, a search or "open all" opens them`, async ({
    page,
  }) => {
    await connectWithCode(page);
    await page.setViewportSize(size);
    await page.goto('/rights');
    const appointments = page.getByTestId('rows-appointments');
    await expect(appointments.locator('summary')).toBeVisible();
    await expect(appointments.locator('tr[data-field="endTimeSlot"]')).toBeHidden();
    // Folded, the page is a list of endpoints, not metres of tables (17,466 px on a laptop, open).
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(longest);
    await appointments.locator('summary').click();
    await expect(appointments.locator('tr[data-field="endTimeSlot"]')).toBeVisible();
    await appointments.locator('summary').click();
    await expect(appointments.locator('tr[data-field="endTimeSlot"]')).toBeHidden();
    // The endpoint's chip is a link to it: the endpoint opens there.
    await page
      .getByRole('navigation', { name: 'Endpoints' })
      .getByRole('link', { name: /^contracts/ })
      .click();
    await expect(page.getByTestId('rows-contracts').locator('tr').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Open all' }).click();
    await expect(page.getByTestId('rows-users').locator('tr').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Close all' }).click();
    await expect(page.getByTestId('rows-users').locator('tr').nth(1)).toBeHidden();
    await page.getByLabel('Search fields').fill('startTimeSlot');
    await expect(appointments.locator('tr[data-field="startTimeSlot"]')).toBeVisible();
  });

test('/rights shows the token’s dates in the app’s one date format, read from the portal’s own answer', async ({
  page,
}) => {
  await connectWithCode(page);
  await page.getByRole('button', { name: 'Reveal token' }).click();
  const token = await page.getByLabel('Access token').inputValue();
  // The portal's own description of this token, read as the partner would (day-month-year).
  const own = new PortalClient(sandbox.origin, token);
  const me = (await own.get<{ token: { creationDate: string; expirationDate: string } }>('/partners/~me')).body.response
    .data[0]!;
  expect(me.token.expirationDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  const shown = (dmy: string) => formatsFor('en').date(readDate(dmy)!);
  await page.goto('/rights');
  const panel = page.getByTestId('token-panel');
  const value = (term: string) => panel.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Created')).toHaveText(shown(me.token.creationDate));
  await expect(value('Expires')).toHaveText(shown(me.token.expirationDate));
  // Not the portal's day-month-year, nor the ISO day Rooster reads it as.
  for (const other of [me.token.expirationDate, readDate(me.token.expirationDate)!])
    await expect(panel).not.toContainText(other);
});
