import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Response } from '@playwright/test';
import { sandboxLog, serverLog } from '../../playwright.config';
import { connectWithCode, sandbox, W47 } from './support';

const apiRequests = async () => (await sandbox.admin<{ apiRequests: number }>('GET', '/health')).apiRequests;

test('across a browsing session the token reaches the browser only in the one reveal', async ({ page }) => {
  const seen: { url: string; headers: string; body: string }[] = [];
  const record = async (response: Response) => {
    const body = await response
      .body()
      .then((b) => b.toString('utf8'))
      .catch(() => '');
    seen.push({ url: response.url(), headers: JSON.stringify(await response.allHeaders()), body });
  };
  page.on('response', (r) => void record(r));
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));

  const code = await connectWithCode(page);
  await page.getByRole('button', { name: 'Reveal token' }).click();
  const token = await page.getByLabel('Access token').inputValue();
  for (const path of [
    '/',
    '/rights',
    '/timetable',
    '/staffing/contracts',
    '/staffing/absences',
    '/explorer',
    '/connection',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Client-side navigations fetch RSC payloads.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rights' }).click();
  await expect(page.getByTestId('partner-name')).toBeVisible();
  await page.evaluate(
    (w) =>
      fetch(`/api/partner/appointments?fields=id&start=${w.start}&end=${w.end}`, {
        headers: { 'x-rooster-client': '1' },
      }).then((r) => r.text()),
    W47,
  );
  await page.evaluate(() =>
    fetch('/api/partner/partners/~me', { headers: { 'x-rooster-client': '1' } }).then((r) => r.text()),
  );
  await page.waitForLoadState('networkidle');

  const carrying = seen
    .filter((r) => r.body.includes(token) || r.headers.includes(token))
    .map((r) => new URL(r.url).pathname);
  expect(carrying).toEqual([expect.stringMatching(/^\/api\/connections\/[^/]+\/reveal$/)]);
  expect(seen.length).toBeGreaterThan(15);
  expect(seen.some((r) => r.url.includes('/_next/') || r.headers.includes('text/x-component'))).toBe(true);
  expect(consoleLines.join('\n')).not.toContain(token);
  // Neither server wrote the token or the code to its log.
  const logs = readFileSync(serverLog, 'utf8') + readFileSync(sandboxLog, 'utf8');
  expect(logs.length).toBeGreaterThan(0);
  expect(logs).not.toContain(token);
  expect(logs).not.toContain(code);
});

test('headers that tricked older Next.js versions change nothing', async ({ page, request }) => {
  await connectWithCode(page);
  const cookie = (await page.context().cookies()).find((c) => c.name.includes('rooster'))!;
  for (const trick of [
    'middleware',
    'middleware:middleware:middleware:middleware:middleware',
    'proxy:proxy:proxy:proxy:proxy',
    'src/middleware',
  ]) {
    const pageRes = await request.get('/rights', { headers: { 'x-middleware-subrequest': trick } });
    expect(pageRes.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await request.get('/api/partner/branches', {
      headers: { 'x-middleware-subrequest': trick, cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(api.status()).toBe(403);
  }
});

test('path tricks never leave the connected portal', async ({ page }) => {
  await connectWithCode(page);
  const before = await apiRequests();
  for (const path of [
    '/api/partner/..%2F..%2Fadmin%2Fhealth',
    '/api/partner/%2F%2Fevil.example%2Fapi',
    '/api/partner/appointments%5C..%5Cadmin',
    '/api/partner/partners/~me/..%2F..%2Fadmin',
    '/api/partner/branches%2F..%2F..%2Fadmin%2Fsimulate',
  ]) {
    const r = await page.evaluate(async (p) => (await fetch(p, { headers: { 'x-rooster-client': '1' } })).status, path);
    expect([400, 404]).toContain(r);
  }
  expect(await apiRequests()).toBe(before);
});

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name.includes('rooster'))!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, name: '__Host-rooster' });
  return cookie;
}

test('a tampered cookie means not connected, with no upstream call', async ({ page }) => {
  await connectWithCode(page);
  const cookie = await sessionCookie(page);
  const i = Math.floor(cookie.value.length / 2);
  await page.context().addCookies([
    {
      ...cookie,
      value: cookie.value.slice(0, i) + (cookie.value[i] === 'a' ? 'b' : 'a') + cookie.value.slice(i + 1),
    },
  ]);
  const before = await apiRequests();
  const api = await page.evaluate(async () => {
    const r = await fetch('/api/partner/appointments', { headers: { 'x-rooster-client': '1' } });
    return { status: r.status, body: await r.json() };
  });
  expect(api.status).toBe(401);
  expect(api.body.error.message).toMatch(/Connect again/);
  await page.goto('/rights');
  await expect(page).toHaveURL(/\/connection\?reason=unreadable/);
  expect(await apiRequests()).toBe(before);
});

test('an old copy of the cookie opens nothing after disconnect', async ({ page }) => {
  await connectWithCode(page);
  const copy = await sessionCookie(page);
  await page.goto('/rights');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(/reason=disconnected/);
  await page.context().addCookies([copy]);
  const before = await apiRequests();
  await page.goto('/rights');
  await expect(page).toHaveURL(/\/connection\?reason=removed/);
  expect(await apiRequests()).toBe(before);
});

test('API routes refuse requests that are not from Rooster’s pages', async ({ page, request, baseURL }) => {
  await connectWithCode(page);
  const cookie = await sessionCookie(page);
  const headers = { cookie: `${cookie.name}=${cookie.value}` };
  const before = await apiRequests();
  const noHeader = await request.get('/api/partner/branches', { headers });
  expect(noHeader.status()).toBe(403);
  const crossOrigin = await request.get('/api/partner/branches', {
    headers: { ...headers, 'x-rooster-client': '1', origin: 'https://evil.example' },
  });
  expect(crossOrigin.status()).toBe(403);
  const crossSite = await request.get('/api/partner/branches', {
    headers: { ...headers, 'x-rooster-client': '1', 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.status()).toBe(403);
  const postNoOrigin = await request.post('/api/connections', {
    headers: { ...headers, 'x-rooster-client': '1' },
    data: {},
  });
  expect(postNoOrigin.status()).toBe(403);
  const getOnStateChange = await request.get('/api/connections', { headers: { ...headers, 'x-rooster-client': '1' } });
  expect(getOnStateChange.status()).toBe(405);
  expect(await apiRequests()).toBe(before);
  const ok = await request.get('/api/partner/branches', {
    headers: { ...headers, 'x-rooster-client': '1', origin: baseURL!, 'sec-fetch-site': 'same-origin' },
  });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['cache-control']).toMatch(/^no-store(, no-transform)?$/);
});

test('the proxy checks queries against the rights before calling the portal', async ({ page }) => {
  await connectWithCode(page, 'limited');
  const before = await apiRequests();
  const call = (path: string) =>
    page.evaluate(async (p) => {
      const r = await fetch(p, { headers: { 'x-rooster-client': '1' } });
      return { status: r.status, message: (await r.json()).error?.message as string | undefined };
    }, path);
  expect(await call('/api/partner/appointments?fields=id,teachers')).toEqual({
    status: 403,
    message: 'Your partner rights do not include reading teachers of /appointments.',
  });
  expect(await call('/api/partner/contracts')).toEqual({
    status: 403,
    message: 'Your partner rights do not include /contracts.',
  });
  expect(await call('/api/partner/appointments?start=soon')).toMatchObject({ status: 400 });
  expect(await call('/api/partner/nonsense')).toMatchObject({ status: 404 });
  // Only the rights (/partners/~me, cached) were read; no refused query went upstream.
  expect((await apiRequests()) - before).toBeLessThanOrEqual(1);
  const ok = await call('/api/partner/appointments?fields=id,start&start=1794783600&end=1794870000');
  expect(ok.status).toBe(200);
});

test('the icon is kept a day: Chromium asks for it again on every week switched in the page', async ({ request }) => {
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['cache-control']).toBe('public, max-age=86400');
  expect(icon.headers()['x-content-type-options']).toBe('nosniff');
});

test('every page carries a nonce CSP, frame-ancestors none, nosniff and a referrer policy', async ({ request }) => {
  for (const path of ['/', '/connection', '/rights']) {
    const headers = (await request.get(path)).headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-powered-by']).toBeUndefined();
  }
});
