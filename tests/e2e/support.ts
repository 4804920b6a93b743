import { expect, type Page } from '@playwright/test';
import { weekWindow } from '../../lib/partner-api/values';
import { PortalClient } from '../support/portal';

// Shared steps of the browser tests: the sandbox they connect to, and connecting through the UI.

export const sandboxOrigin = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;
export const portalUrl = `${sandboxOrigin}/api`;
export const sandbox = new PortalClient(sandboxOrigin);

/** Connects through /connect with a fresh code of `partner`; returns the code used. */
export async function connectWithCode(page: Page, partner = 'demo'): Promise<string> {
  const code = await sandbox.newCode(partner);
  await page.goto('/connect');
  await page.getByLabel('Portal URL').fill(portalUrl);
  await page.getByLabel('Authorization code').fill(`${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/Connected as/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  return code;
}

/** The demo partner straight at the sandbox (as the tests' own eyes), with its projects. */
export async function portal() {
  const client = await new PortalClient(sandbox.origin).connect('demo');
  const me = (await client.get<{ schoolInSchoolYears: { id: number; schoolYear: number }[] }>('/partners/~me')).body
    .response.data[0]!;
  return { client, projects: me.schoolInSchoolYears.map((p) => p.id).join(',') };
}

export const W47 = weekWindow({ year: 2026, week: 47 });

/** A teacher with lessons in week 47 of 2026. */
export async function aTeacher(): Promise<string> {
  const { client, projects } = await portal();
  const { body } = await client.get<{ teachers: string[]; valid: boolean }>('/appointments', {
    schoolInSchoolYear: projects,
    fields: 'teachers,valid',
    start: W47.start,
    end: W47.end,
    type: 'lesson',
  });
  return body.response.data.find((r) => r.valid && r.teachers.length === 1)!.teachers[0]!;
}
