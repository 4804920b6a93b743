import { expect, test } from '@playwright/test';
import { createClient } from 'redis';
import { serverEnv } from '../../playwright.config';
import { apiCall, connectWithCode, sandbox } from './support';

// Round 5 (issue 44) §6, from the user's side: what a page claims where the rights cannot back it,
// a page brought back by Back after a disconnect elsewhere, the calendar file's name and week.

test('a partner that cannot place absences in the days is told what it lacks, and no count is claimed', async ({
  page,
}) => {
  await connectWithCode(page, 'basic');
  await page.goto('/staffing/absences?from=2026-11-16&to=2026-11-20');
  const notice = page.getByTestId('absences-unplaceable');
  await expect(notice).toContainText('employeeabsences.start');
  await expect(notice).toContainText('employeeabsences.end');
  await expect(page.getByTestId('absence-counts')).toHaveCount(0);
  await expect(page.getByText(/of \d+ rows/)).toHaveCount(0);
});

test('Back after disconnecting in another tab does not show the old portal’s absences', async ({ page }) => {
  await connectWithCode(page);
  await page.goto('/staffing/absences?from=2026-11-16&to=2026-11-20');
  await expect(page.getByTestId('absence-counts')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Rights', exact: true }).first().click();
  await expect(page).toHaveURL(/\/rights/);
  // Another tab of the same browser disconnects.
  const other = await page.context().newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Disconnect' }).click();
  await other.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(other).toHaveURL(/reason=disconnected/);
  await page.goBack();
  // The page is made again for what the cookie opens now: no connection, no absences.
  await expect(page.getByTestId('absence-counts')).toHaveCount(0);
  await expect(page.getByText(/connect/i).first()).toBeVisible();
  expect(JSON.parse((await apiCall(page, 'GET', '/api/connections/active')).text).data.activeId).toBeNull();
});

test('the calendar file escapes its name and refuses a week that is not one', async ({ page }) => {
  await connectWithCode(page);
  const ics = await page.evaluate(async () => {
    const r = await fetch('/api/timetable/ics?week=2026-W47&group=4h1', { headers: { 'x-rooster-client': '1' } });
    return { status: r.status, text: await r.text() };
  });
  expect(ics.status).toBe(200);
  expect(ics.text).toMatch(/^X-WR-CALNAME:.*4h1/m);
  for (const week of ['2026-W99', '0000-W01']) {
    const bad = await apiCall(page, 'GET', `/api/timetable/ics?week=${week}`);
    expect(bad.status, week).toBe(400);
    expect(bad.text).toContain('YYYY-Www');
  }
});

test('a portal that does not answer for the rights: the page says so within seconds, not after the read’s time-out', async ({
  page,
}) => {
  await connectWithCode(page);
  const id = (await page.locator('[data-connection-id]').getAttribute('data-connection-id'))!;
  await sandbox.admin('PUT', '/faults', { path: '/api/partners/~me', hang: true, times: 4 });
  try {
    // The rights kept from the connect are let go, as a minute later: the page must ask the portal.
    const redis = createClient({ url: serverEnv.REDIS_URL });
    await redis.connect();
    await redis.del(`rights:${id}`);
    await redis.quit();
    await page.goto('/staffing/groups');
    await expect(page.getByText('The portal did not answer within 3 s')).toBeVisible();
  } finally {
    await sandbox.admin('DELETE', '/faults');
  }
});

test('the read-only proxy answers every writing method with one 405 in words and Allow: GET, HEAD, OPTIONS', async ({
  page,
}) => {
  await connectWithCode(page);
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    const answer = await page.evaluate(async (m) => {
      const r = await fetch('/api/partner/appointments', { method: m, headers: { 'x-rooster-client': '1' } });
      return { status: r.status, allow: r.headers.get('allow'), body: await r.text() };
    }, method);
    expect(answer.status, method).toBe(405);
    expect(answer.allow, method).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(answer.body).error.message).toBe(`This address does not take ${method} requests; it takes GET.`);
  }
});
