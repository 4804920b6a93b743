import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assetsInPlace, prepareStandalone } from './build.mjs';

// The first start: whatever order the README's commands are run in, `npm start` and `npm run demo`
// serve the build with its browser files, or say in one line what to run.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project folder as a plain `next build` leaves it: the standalone server without the static files. */
function plainBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rooster-build-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.next', 'static', 'b1d'), { recursive: true });
  mkdirSync(join(dir, '.next', 'static', 'chunks'), { recursive: true });
  writeFileSync(join(dir, '.next', 'BUILD_ID'), 'b1d');
  writeFileSync(join(dir, '.next', 'static', 'b1d', '_buildManifest.js'), '');
  writeFileSync(join(dir, '.next', 'static', 'chunks', 'main.js'), 'main');
  mkdirSync(join(dir, '.next', 'standalone'), { recursive: true });
  writeFileSync(join(dir, '.next', 'standalone', 'server.js'), '');
  mkdirSync(join(dir, 'public'));
  writeFileSync(join(dir, 'public', 'favicon.ico'), 'ico');
  return dir;
}

const root = join(import.meta.dirname, '..', '..');

describe('a build made by `npm run build` is servable', () => {
  it('copies the browser files beside the standalone server when they are missing', () => {
    const dir = plainBuild();
    expect(assetsInPlace(dir)).toBe(false);
    expect(prepareStandalone(dir)).toBeNull();
    expect(assetsInPlace(dir)).toBe(true);
    expect(readFileSync(join(dir, '.next', 'standalone', '.next', 'static', 'chunks', 'main.js'), 'utf8')).toBe('main');
    expect(existsSync(join(dir, '.next', 'standalone', 'public', 'favicon.ico'))).toBe(true);
  });

  it('without a build, says in one line which command to run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rooster-build-'));
    dirs.push(dir);
    expect(prepareStandalone(dir)).toMatch(/^No production build yet: run `npm run build` first[^\n]*$/);
  });

  it('package.json: `npm run build` copies the files after `next build`, `npm start` runs the standalone server', () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.postbuild).toBe('node scripts/lib/build.mjs --assets');
    expect(scripts.start).toBe('node scripts/start.mjs');
  });

  it('`npm start` without a build stops with one line, exit code 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rooster-build-'));
    dirs.push(dir);
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      env: { ...process.env, ROOSTER_ROOT: dir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'npm start: No production build yet: run `npm run build` first (or `npm run demo`, which builds and starts everything).',
    ]);
  });
});
