import fc from 'fast-check';
import { expect, test, type Page } from '@playwright/test';
import { connectWithCode, sandbox } from './support';

// Bad input, property-based, against the running routes: random strings, unicode, huge and negative
// numbers and repeated parameters always get a 4xx with a message (or a real answer), never a 500;
// and a request Rooster itself refuses never reaches the portal.

const ENDPOINTS = [
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
  'partners/~me',
];
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    '-1',
    '99999999999999999999999',
    '1e309',
    'true',
    '2026-W47',
    '202647',
    '2026-02-30',
    '../../admin',
    '💥🎉',
    'a\u0000b',
    '%00',
    "' OR 1=1 --",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const key = fc.oneof(
  fc.constantFrom(
    'fields',
    'schoolInSchoolYear',
    'start',
    'end',
    'teachers',
    'cancelled',
    'modifiedSince',
    'student',
    'week',
    'from',
    'to',
    'delimiter',
    'format',
    'bom',
    'exportId',
    'id',
    'startDate',
  ),
  fc.string({ maxLength: 20 }),
);
const query = fc
  .array(fc.tuple(key, value), { maxLength: 8 })
  .map((entries) => new URLSearchParams(entries).toString());
const apiRequests = async () => (await sandbox.admin<{ apiRequests: number }>('GET', '/health')).apiRequests;

interface Answer {
  status: number;
  message: string | null;
  eventId: unknown;
}

function send(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(path, {
        method,
        headers: { 'x-rooster-client': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await r.text();
      let parsed: { error?: { message?: string; eventId?: unknown } } | null = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: r.status, message: parsed?.error?.message ?? null, eventId: parsed?.error?.eventId ?? null };
    },
    { method, path, body },
  );
}

async function check(page: Page, method: string, path: string, body?: unknown) {
  const before = await apiRequests();
  const answer = await send(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(500);
  if (answer.status >= 400) {
    // A sentence a person can read, not an empty or machine-only field.
    expect(answer.message, `${method} ${path}`).toMatch(/[A-Za-z]{3,}.*\s.*[A-Za-z]/);
    // Refused by Rooster itself (no portal eventId): nothing went upstream.
    if (!answer.eventId && answer.status !== 401)
      expect(await apiRequests(), `${method} ${path} reached the portal`).toBe(before);
  }
}

test('GET routes answer random queries with a 4xx message or data, never a 500', async ({ page }) => {
  test.setTimeout(180_000);
  await connectWithCode(page);
  // Appointments without a window would read a whole year: keep each random query to one week.
  const week = (q: string) => (/(^|&)(start|end)=/.test(q) ? q : `${q}${q ? '&' : ''}start=1794783600&end=1795388400`);
  for (const endpoint of ENDPOINTS) {
    await fc.assert(
      fc.asyncProperty(query, async (q) =>
        check(page, 'GET', `/api/partner/${endpoint}?${endpoint === 'appointments' ? week(q) : q}`),
      ),
      { numRuns: 15 },
    );
  }
  await fc.assert(
    fc.asyncProperty(
      query,
      fc.constantFrom('employees.csv', 'appointments.csv', 'nope.csv', 'users'),
      async (q, file) => check(page, 'GET', `/api/export/${file}?${q}&to=2026-08-20`),
    ),
    { numRuns: 25 },
  );
  await fc.assert(
    fc.asyncProperty(query, async (q) => check(page, 'GET', `/api/timetable/ics?${q}`)),
    { numRuns: 15 },
  );
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 50 }), async (id) =>
      check(page, 'GET', `/api/export/progress/${encodeURIComponent(id) || 'x'}`),
    ),
    { numRuns: 20 },
  );
});

test('state-changing routes answer random bodies and ids with a 4xx message, never a 500', async ({ page }) => {
  test.setTimeout(120_000);
  await connectWithCode(page);
  const bodies = fc.oneof(
    fc.anything(),
    fc.record(
      {
        method: fc.constantFrom('code', 'token', 'magic'),
        portalUrl: fc.oneof(fc.webUrl(), value),
        code: value,
        token: value,
      },
      { requiredKeys: [] },
    ),
    fc.string().map((s) => ({ raw: s })),
  );
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => check(page, 'POST', '/api/connections', body)),
    { numRuns: 40 },
  );
  await check(page, 'POST', '/api/connections', '{"not json');
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 40 }), fc.constantFrom('reveal', 'activate', ''), async (id, action) => {
      const path = `/api/connections/${encodeURIComponent(id) || 'x'}${action ? `/${action}` : ''}`;
      await check(page, action ? 'POST' : 'DELETE', path);
    }),
    { numRuns: 30 },
  );
  // The connection survived all of it.
  expect((await send(page, 'GET', '/api/partner/partners/~me')).status).toBe(200);
});
