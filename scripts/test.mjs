#!/usr/bin/env node
// `npm test`: installs what is missing, then lint, typecheck, unit tests (vitest) and browser tests
// (Playwright on one production build), and ends with one line `tests: N passed, M failed`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDashboard } from './lib/build.mjs';
import { checkCommitMessages } from './lib/commits.mjs';
import { bin, ensureChromium, ensureDependencies, ensureRedis, log, run } from './lib/setup.mjs';

const only = new Set(process.argv.slice(2)); // e.g. `npm test -- unit e2e`
const wants = (step) => only.size === 0 || only.has(step);
const results = [];
const record = (runner, passed, failed) => {
  results.push({ runner, passed, failed });
  log(`${runner}: ${passed} passed, ${failed} failed`);
};
const reports = mkdtempSync(join(tmpdir(), 'rooster-test-'));
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

ensureDependencies();
const chromium = wants('e2e') ? ensureChromium() : undefined;
const redis = wants('unit') || wants('e2e') ? ensureRedis() : undefined;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(redis ? { REDIS_SERVER_PATH: redis } : {}) };

if (wants('lint')) {
  log('Lint (eslint)…');
  const eslint = await run(bin('eslint'), ['.', '--max-warnings', '0'], { env });
  record('lint', eslint === 0 ? 1 : 0, eslint === 0 ? 0 : 1);
  log('Formatting (prettier --check)…');
  const prettier = await run(bin('prettier'), ['--check', '--log-level', 'warn', '.'], { env });
  record('format', prettier === 0 ? 1 : 0, prettier === 0 ? 0 : 1);
  log('Commit messages (commitlint, subjects of at most 72 characters)…');
  const commits = await checkCommitMessages(env);
  record('commits', commits === 0 ? 1 : 0, commits === 0 ? 0 : 1);
}

if (wants('typecheck')) {
  log('Typecheck (tsc --noEmit)…');
  const code = await run(bin('tsc'), ['--noEmit', '-p', '.'], { env });
  record('typecheck', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

if (wants('unit')) {
  log('Unit and component tests (vitest)…');
  const report = join(reports, 'vitest.json');
  const code = await run(bin('vitest'), ['run'], { env: { ...env, ROOSTER_REPORT: report } });
  const json = readJson(report);
  if (json)
    record('vitest', json.numPassedTests, json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0));
  else record('vitest', 0, 1);
}

if (wants('e2e')) {
  log('Production build (next build, standalone)…');
  const build = await buildDashboard(env);
  if (build !== 0) {
    record('next build', 0, 1);
  } else {
    log('Browser tests (Playwright, Chromium at ' + chromium + ')…');
    const report = join(reports, 'playwright.json');
    const code = await run(bin('playwright'), ['test'], {
      env: { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: report, ROOSTER_E2E_BUILT: '1' },
    });
    const stats = readJson(report)?.stats;
    if (stats) {
      const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
      record('playwright', stats.expected + stats.flaky, failed);
    } else record('playwright', 0, 1);
  }
}

rmSync(reports, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
