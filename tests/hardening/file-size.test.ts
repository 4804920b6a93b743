import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Files stay along their seams (issue 34 §5): no source file in lib/ or components/ grows past 400
// lines; a larger one is split where its parts meet. The spec's catalogue is one table, kept whole.

const MAX_LINES = 400;
const EXCEPTED = new Set(['lib/partner-api/catalog.ts']);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines as `wc -l` counts them: the newlines. */
const lineCount = (path: string) => readFileSync(join(process.cwd(), path), 'utf8').split('\n').length - 1;

describe('file sizes', () => {
  it(`keeps every non-test file in lib/ and components/ at ${MAX_LINES} lines or fewer`, () => {
    const files = ['lib', 'components'].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .filter((path) => !EXCEPTED.has(path))
      .map((path) => ({ path, lines: lineCount(path) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.path}: ${f.lines} lines (split it along its seams)`);
    expect(over).toEqual([]);
  });
});
