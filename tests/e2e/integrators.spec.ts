import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { connectWithCode, portal, W47 } from './support';

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
  await page.locator('#endpoint-appointments tr[data-field="start"]').getByRole('link', { name: 'start' }).click();
  await expect(page).toHaveURL(/\/explore\/appointments\?fields=start$/);
  await expect(page.getByRole('checkbox', { name: /^start\b/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^end\b/ })).not.toBeChecked();

  // One week keeps the answers small.
  await page.goto(`/explore/appointments?fields=start&p.start=${W47.start}&p.end=${W47.end}`);
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
  await page.goto(`/explore/appointments?fields=id,start,students&p.start=${W47.start}&p.end=${W47.end}&run=1`);
  await expect(page.getByRole('status').filter({ hasText: 'Not in your rights: students' })).toBeVisible();
  await expect(page.getByTestId('explorer-count')).toBeVisible();
  await page.getByRole('tab', { name: 'Request' }).click();
  const request = (await page.getByTestId('explorer-request').textContent())!;
  expect(request).toContain('fields=id%2Cstart');
  expect(request).not.toContain('students');
});

test('/explore/liveschedule shows a student’s week with its choice slots, as the portal sends them', async ({
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

  await page.goto('/explore');
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
