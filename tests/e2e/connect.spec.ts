import { expect, test } from '@playwright/test';
import { apiCall, connectWithCode, portalUrl, sandbox } from './support';

test('connect with a demo code, see the partner and every endpoint on Rights', async ({ page }) => {
  await page.goto('/connection');
  await expect(page.getByLabel('Portal URL')).toHaveValue(portalUrl); // demo mode pre-fills it
  await page.getByRole('button', { name: 'Get a demo code' }).click();
  await expect(page.getByLabel('Authorization code')).toHaveValue(/^\d{4} \d{4} \d{4}$/);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Connected as Rooster Demo')).toBeVisible();
  await page.getByRole('link', { name: 'See your rights' }).click();

  await expect(page.getByTestId('partner-name')).toHaveText('Rooster Demo');
  await expect(page.getByTestId('connection-state')).toContainText('Rooster Demo');
  for (const endpoint of [
    'appointments',
    'branchesofschools',
    'branches',
    'choosableindepartments',
    'contracts',
    'courses',
    'departmentsofbranches',
    'employeeabsences',
    'employees',
    'groupindepartments',
    'users',
    'liveschedule',
  ]) {
    await expect(page.getByTestId(`granted-${endpoint}`)).toContainText('Granted');
  }
  await expect(page.getByTestId('token-panel')).toHaveAttribute('data-level', 'ok');
  // Granted names the spec does not know, and deprecated uses, are pointed out.
  await expect(page.locator('#endpoint-users [data-field="isStudent"]')).toContainText('not in spec');
  await expect(page.locator('#endpoint-appointments [data-field="modified"]').first()).toContainText('deprecated');
});

test('the same code again says it was already used', async ({ page }) => {
  const code = await connectWithCode(page);
  await page.goto('/connection');
  await page.getByLabel('Portal URL').fill(portalUrl);
  await page.getByLabel('Authorization code').fill(code);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/already used/)).toBeVisible();
});

test('plain-words errors for a bad address and an unknown code', async ({ page }) => {
  await page.goto('/connection');
  await page.getByLabel('Portal URL').fill('http://school.example/api');
  await page.getByLabel('Authorization code').fill('123456789012');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/must be reached over HTTPS/)).toBeVisible();
  await page.getByLabel('Portal URL').fill(portalUrl);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/does not know this authorization code/)).toBeVisible();
});

test('the limited partner sees disabled navigation and the missing fields explained', async ({ page }) => {
  await connectWithCode(page, 'limited');
  await page.goto('/rights');
  await expect(page.getByTestId('partner-name')).toHaveText('Rooster Limited');
  await expect(page.getByTestId('granted-contracts')).toHaveText('Not granted');
  await expect(page.getByTestId('missing-appointments')).toContainText('lastModified, students, teachers');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator('[data-disabled-nav="/staffing/contracts"]')).toHaveAttribute('aria-disabled', 'true');
  await expect(nav.locator('[data-disabled-nav="/staffing/contracts"]')).toContainText('do not include /contracts');
  await expect(nav.getByRole('link', { name: 'Timetable' })).toBeVisible();
});

test('reveal shows the token once; disconnect ends the connection', async ({ page }) => {
  await connectWithCode(page);
  await page.getByRole('button', { name: 'Reveal token' }).click();
  const token = await page.getByLabel('Access token').inputValue();
  expect(token).toMatch(/^[a-z0-9]{26}$/);
  // The same token works against the portal: it is the real one.
  sandbox.token = token;
  expect((await sandbox.get('/partners/~me')).status).toBe(200);
  // A second reveal of the same connection is refused.
  const id = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  const again = await apiCall(page, 'POST', `/api/connections/${id}/reveal`);
  expect(again.status).toBe(409);
  expect(again.text).toContain('already shown once');
  expect(again.text).not.toContain(token);
  // The session cookie is HttpOnly: scripts in the page cannot read it.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  await page.goto('/rights');
  // Asked first, since only a new code undoes it; Escape (or Cancel) keeps the connection.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('dialog')).toContainText('you need a new one-time code');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('connection-state')).toContainText('Connected');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(/\/connection\?reason=disconnected/);
  await expect(page.getByTestId('connection-state')).toContainText('Not connected');
  await page.goto('/rights');
  await expect(page.getByRole('heading', { name: 'Connect to a school portal first' })).toBeVisible();
});

test('connecting with a token already held skips the reveal', async ({ page }) => {
  const client = await sandbox.connect('demo');
  await page.goto('/connection');
  await page.getByLabel('Portal URL').fill(portalUrl);
  await page.getByRole('radio', { name: 'A token I already hold' }).check();
  await page.getByLabel('Access token').fill(client.token!);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  // Where the person works: the timetable (the rights are one link away).
  await expect(page).toHaveURL(/\/timetable$/);
  await page.goto('/rights');
  await expect(page.getByTestId('partner-name')).toHaveText('Rooster Demo');
});
