import { expect, type Page } from '@playwright/test';
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
