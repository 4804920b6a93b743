import { readFileSync } from 'node:fs';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { serverLog } from '../../playwright.config';
import { Dashboard } from './instance';
import { apiCall, connectWithCode, portal, W47 } from './support';

// The streamed partner reads are answered in front of Next (lib/proxy/partner-stream-front.server.ts).
// The same build with the layer switched off (PARTNER_FRONT=off) answers through Next's
// route alone: both must give the same answer, byte for byte, and the same words where they refuse.

const port = Number(process.env.E2E_PORT ?? 3100);
const nextOnly = new Dashboard(port + 5);

test.beforeAll(() => nextOnly.start({ PARTNER_FRONT: 'off' }));
test.afterAll(() => nextOnly.stop());

/** How the bytes are framed, not what they are: the layer passes the portal's length on, Next chunks. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function bothWays(page: Page, path: string, headers: Record<string, string> = { 'x-rooster-client': '1' }) {
  const read = async (origin: string) => {
    const r: APIResponse = await page.request.get(`${origin}${path}`, { headers, maxRedirects: 0 });
    const kept = Object.entries(r.headers()).filter(([name]) => !TRANSPORT.has(name));
    const length = r.headers()['content-length'];
    return { status: r.status(), headers: Object.fromEntries(kept), body: await r.body(), length };
  };
  return { front: await read(`http://127.0.0.1:${port}`), next: await read(nextOnly.origin) };
}

/** The meta header's figures that differ per read (its timing); what it says of the read stays. */
const metaOf = (headers: Record<string, string>) => {
  const { durationMs, ...rest } = JSON.parse(headers['x-rooster-meta'] ?? '{}') as { durationMs?: number };
  expect(typeof durationMs).toBe('number');
  return rest;
};

const withoutMeta = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'x-rooster-meta'));

const frontLines = () =>
  readFileSync(serverLog, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; front?: boolean; route?: string; status?: number });

test('a whole-school week read in front of Next is the answer Next gives: status, headers, bytes', async ({ page }) => {
  await connectWithCode(page);
  const { projects } = await portal();
  const week = `/api/partner/appointments?schoolInSchoolYear=${projects}&start=${W47.start}&end=${W47.end}`;
  const before = frontLines().filter((l) => l.front).length;
  const { front, next } = await bothWays(page, week);
  expect(front.status).toBe(200);
  expect(front.body.length).toBeGreaterThan(100_000);
  expect(front.body.equals(next.body)).toBe(true);
  // The portal's declared length passed on (a Content-Length, not chunks), and it is the body's (the token's mask keeps it).
  expect(front.length).toBe(String(front.body.length));
  expect(metaOf(front.headers)).toEqual(metaOf(next.headers));
  const frontHeaders = withoutMeta(front.headers);
  expect(frontHeaders).toEqual(withoutMeta(next.headers));
  expect(frontHeaders).toMatchObject({
    'cache-control': 'no-store, no-transform',
    'x-rooster-body': 'envelope',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
  // It was the layer that answered on the suite's instance: its log line says so.
  await expect.poll(() => frontLines().filter((l) => l.front).length).toBeGreaterThan(before);

  // A small list (read whole upstream, passed on as the same envelope) and the explorer's fields.
  for (const path of ['/api/partner/branches', '/api/partner/courses?fields=id']) {
    const small = await bothWays(page, path);
    expect(small.front.status, path).toBe(200);
    expect(small.front.body.equals(small.next.body), path).toBe(true);
    expect(withoutMeta(small.front.headers), path).toEqual(withoutMeta(small.next.headers));
  }
});

test('refusals through the layer are Next’s, in the request’s language', async ({ page }) => {
  await connectWithCode(page);
  for (const [path, status] of [
    ['/api/partner/appointments', 400], // unbounded: refused by plan() in the layer
    ['/api/partner/appointments?start=soon', 400],
    ['/api/partner/appointments?fields=id,notAField&start=1794783600&end=1794870000', 400],
  ] as const) {
    for (const language of ['en-GB', 'nl-NL']) {
      const { front, next } = await bothWays(page, path, { 'x-rooster-client': '1', 'accept-language': language });
      expect(front.status, path).toBe(status);
      expect(front.status).toBe(next.status);
      expect(front.body.toString(), `${path} ${language}`).toBe(next.body.toString());
      expect(front.headers).toEqual(next.headers);
    }
  }
  // Left to Next whole: a request without the client header (403).
  const refused = await bothWays(page, `/api/partner/branches`, {});
  expect(refused.front.status).toBe(403);
  expect(refused.front.body.toString()).toBe(refused.next.body.toString());
});

test('a connection disconnected after its seal was opened is refused at once through the layer', async ({
  page,
  context,
}) => {
  await connectWithCode(page);
  const { projects } = await portal();
  const week = `/api/partner/appointments?schoolInSchoolYear=${projects}&start=${W47.start}&end=${W47.end}`;
  const copy = await context.cookies();
  const id = await page.locator('[data-connection-id]').getAttribute('data-connection-id');
  // Read through the layer: the cookie's seal is opened and kept.
  expect((await apiCall(page, 'GET', week)).status).toBe(200);
  expect((await apiCall(page, 'DELETE', `/api/connections/${id}`)).status).toBe(200);
  await context.clearCookies();
  await context.addCookies(copy);
  const answer = await apiCall(page, 'GET', week);
  expect(answer.status).toBe(401);
  expect(JSON.parse(answer.text).error.message).toMatch(/Connect again/);
});
