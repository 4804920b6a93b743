import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { connectWithCode, portal } from './support';

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
