import { launchChromium } from './lib/browser';
import { startFloor, type FloorBuild } from './lib/floor';
import { firstLoadScripts } from './page-weight';

// Can the floor itself be lower? The floor page (bench/floor) built with each browser-facing option
// Next offers, its first-load JavaScript measured as bench/page-weight.ts measures it. Printed, not
// recorded (the bench's rows measure the floor as the dashboard builds it); docs/page-weight.md
// holds the last figures. `npx tsx bench/floor-options.ts` (four Next builds, a few minutes).

const OPTIONS: [string, FloorBuild][] = [
  ["the dashboard's options (Turbopack, strict mode)", {}],
  [
    'a browserslist of 2024 browsers only',
    { packageJson: { browserslist: ['chrome >= 120', 'edge >= 120', 'firefox >= 121', 'safari >= 17.2'] } },
  ],
  ["React's strict mode off", { config: { reactStrictMode: false } }],
  ['webpack instead of Turbopack', { buildArgs: ['--webpack'] }],
];

const browser = await launchChromium();
try {
  for (const [label, build] of OPTIONS) {
    const floor = await startFloor(3977, build);
    try {
      const kb = (await firstLoadScripts(browser, `${floor.url}/`)) / 1024;
      console.log(`${label.padEnd(52)} ${kb.toFixed(1)} KB`);
    } finally {
      await floor.stop();
    }
  }
} finally {
  await browser.close();
}
