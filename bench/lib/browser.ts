import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Debian's Chromium, as the tests use it (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium or set CHROMIUM_PATH.');
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}
