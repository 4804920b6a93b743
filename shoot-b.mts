import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const sandboxOrigin = 'http://127.0.0.1:4450';
const origin = 'http://127.0.0.1:3450';
const sandbox = spawn('npx', ['tsx', 'sandbox/main.ts', '--port', '4450'], { stdio: 'ignore' });
const server = spawn(process.execPath, ['.next/standalone/server.js'], {
  stdio: 'ignore',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'screenshots-only-secret-0123456789abcdefghij',
    ALLOWED_PORTAL_ORIGINS: sandboxOrigin,
    DEMO_PORTAL_URL: `${sandboxOrigin}/api`,
    TIMETABLE_POLL_SECONDS: '60',
    PORT: '3450',
    HOSTNAME: '127.0.0.1',
    STATE_DIR: mkdtempSync(join(tmpdir(), 'rooster-shots-b-')),
    REDIS_URL: '',
  },
});
const wait = async (url: string) => {
  for (let i = 0; i < 240; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer from ${url}`);
};
try {
  await wait(`${sandboxOrigin}/admin/health`);
  await wait(`${origin}/api/ready`);
  const code = ((await (await fetch(`${sandboxOrigin}/admin/partners/demo/codes`, { method: 'POST' })).json()) as { code: string }).code;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${origin}/connect`);
  await page.getByLabel('URL van het portal').fill(`${sandboxOrigin}/api`);
  await page.getByRole('textbox', { name: 'Koppelcode' }).fill(code);
  await page.getByRole('button', { name: 'Verbinden', exact: true }).click();
  await page.getByText(/Verbonden als/).waitFor();
  await page.goto(`${origin}/changes?date=2026-11-18`);
  await page.getByTestId('change-row').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('absent-lesson').first().waitFor({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/shots-b/changes.png' });
  await page.screenshot({ path: '/tmp/shots-b/changes-full.png', fullPage: true });
  await page.goto(`${origin}/changes?date=2026-11-18&by=teacher`);
  await page.getByTestId('change-row').first().waitFor({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/shots-b/changes-teacher.png' });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: '/tmp/shots-b/changes-print.png', fullPage: true });
  await page.pdf({ path: '/tmp/shots-b/changes.pdf', format: 'A4' }).catch(() => {});
  await page.emulateMedia({ media: 'screen' });
  const display = await context.newPage();
  await display.setViewportSize({ width: 1920, height: 1080 });
  await display.goto(`${origin}/changes?date=2026-11-18&display=1`);
  await display.getByTestId('change-row').first().waitFor({ timeout: 30_000 });
  await display.screenshot({ path: '/tmp/shots-b/display.png' });
  await fetch(`${sandboxOrigin}/admin/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/api/appointments', status: 500 }),
  });
  await display.evaluate(() => window.dispatchEvent(new Event('focus')));
  await display.getByTestId('changes-offline').waitFor({ timeout: 120_000 });
  await display.screenshot({ path: '/tmp/shots-b/display-offline.png' });
  await browser.close();
} finally {
  server.kill();
  sandbox.kill();
}
