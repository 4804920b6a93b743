#!/usr/bin/env node
// `npm run bench`: installs what is missing (Chromium included), builds, runs every benchmark.
import { bin, ensureChromium, ensureDependencies, run } from './lib/setup.mjs';

ensureDependencies();
const chromium = ensureChromium();
process.exit(
  await run(bin('tsx'), ['bench/run.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: '1' },
  }),
);
