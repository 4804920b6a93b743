import { expect, type Page } from '@playwright/test';
import { weekWindow } from '../../lib/partner-api/values';
import { PortalClient } from '../support/portal';

// Shared steps of the browser tests: the sandbox they connect to, and connecting through the UI.

export const sandboxOrigin = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110)}`;
export const portalUrl = `${sandboxOrigin}/api`;
export const sandbox = new PortalClient(sandboxOrigin);
/** A second portal: another school (another seed), for switching between portals. */
export const secondSandbox = new PortalClient(`http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110) + 1}`);

/** Today's school: a sandbox started without a date (playwright.config.ts). */
export const presentSandbox = new PortalClient(`http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 4110) + 3}`);

/** Connects through /connect with a fresh code of `partner`; returns the code used. */
export async function connectWithCode(page: Page, partner = 'demo', portal = sandbox): Promise<string> {
  const code = await portal.newCode(partner);
  await page.goto('/connection');
  await page.getByLabel('Portal URL').fill(`${portal.origin}/api`);
  await page.getByLabel('Authorization code').fill(`${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/Connected as/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  return code;
}

/** Connects through /connection as a Dutch-speaking person would (Dutch labels). */
export async function verbinden(page: Page, options: { stay?: boolean } = {}): Promise<void> {
  const code = await sandbox.newCode('demo');
  await page.goto('/connection');
  await page.getByLabel('URL van het portal').fill(`${sandbox.origin}/api`);
  await page.getByRole('textbox', { name: 'Koppelcode' }).fill(code);
  if (options.stay) await page.getByLabel('Verbonden blijven op dit apparaat').check();
  await page.getByRole('button', { name: 'Verbinden', exact: true }).click();
  await expect(page.getByText(/Verbonden als/)).toBeVisible();
}

/** The demo partner straight at the sandbox (as the tests' own eyes), with its projects. */
export async function portal(of = sandbox) {
  const client = await new PortalClient(of.origin).connect('demo');
  const me = (await client.get<{ schoolInSchoolYears: { id: number; schoolYear: number }[] }>('/partners/~me')).body
    .response.data[0]!;
  const year = Math.max(...me.schoolInSchoolYears.map((p) => p.schoolYear));
  return {
    client,
    projects: me.schoolInSchoolYears.map((p) => p.id).join(','),
    granted: me.schoolInSchoolYears,
    /** The projects of the newest school year granted (this one). */
    thisYear: me.schoolInSchoolYears.filter((p) => p.schoolYear === year).map((p) => p.id),
  };
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

export interface PortalUser {
  code: string;
  firstName?: string | null;
  prefix?: string | null;
  lastName?: string | null;
  isStudent?: boolean;
  isEmployee?: boolean;
}

/** Everyone the portal names, by code (read as a partner would, not through Rooster). */
export async function portalUsers(): Promise<Map<string, PortalUser>> {
  const { client, projects } = await portal();
  const { body } = await client.get<PortalUser>('/users', {
    schoolInSchoolYear: projects,
    fields: 'code,firstName,prefix,lastName,isStudent,isEmployee',
  });
  return new Map(body.response.data.map((u) => [u.code, u]));
}

export const fullName = (u: PortalUser) => [u.firstName, u.prefix, u.lastName].filter(Boolean).join(' ');

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A call to Rooster's API from the page, as its own scripts make it: same origin, our client header. */
export function apiCall(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: string) {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p, {
        method: m,
        headers: { 'x-rooster-client': '1', ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b,
      });
      return { status: r.status, text: await r.text(), retryAfter: r.headers.get('retry-after') };
    },
    [method, path, body] as const,
  );
}

/** `path` opened with scripts off in this person's session: what the server's HTML alone shows. */
export async function withScriptsOff(page: Page, path: string, check: (bare: Page) => Promise<void>): Promise<void> {
  const noScripts = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const bare = await noScripts.newPage();
    await bare.goto(path);
    await check(bare);
  } finally {
    await noScripts.close();
  }
}
