import { expect, test } from '@playwright/test';
import { apiCall, connectWithCode } from './support';

// Held under attack (issue 22), tried against the production build: each failed before its fix.

test('a connection replaced by a reconnect is revoked: an older copy of the cookie opens nothing, reveal included', async ({
  page,
  context,
}) => {
  await connectWithCode(page);
  const old = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  const copy = await context.cookies(); // the old connection, still revealable in this copy
  await connectWithCode(page); // the same portal again: replaces the old connection
  const fresh = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  expect(fresh).not.toBe(old);
  expect((await apiCall(page, 'DELETE', `/api/connections/${fresh}`)).status).toBe(200);

  await context.clearCookies();
  await context.addCookies(copy);
  const routes: ['GET' | 'POST' | 'DELETE', string][] = [
    ['GET', '/api/partner/branches'],
    ['GET', '/api/partner/partners/~me'],
    ['GET', '/api/partner/appointments?start=1794783600&end=1794870000'],
    ['GET', '/api/partner/liveschedule?student=100299&week=202647&schoolInSchoolYear=1261'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/timetable/ics?week=2026-W47'],
    ['GET', '/api/export/branches.csv'],
    ['GET', '/api/export/progress/e2e-replaced'],
    ['POST', `/api/connections/${old}/reveal`],
    ['POST', `/api/connections/${old}/activate`],
    ['DELETE', `/api/connections/${old}`],
  ];
  for (const [method, path] of routes) {
    const answer = await apiCall(page, method, path);
    expect(answer.status, `${method} ${path}`).toBe(401);
    expect(JSON.parse(answer.text).error.message, `${method} ${path}`).toMatch(/Connect again/);
  }
  await page.goto('/rights');
  await expect(page).toHaveURL(/\/connect\?reason=removed/);
});
