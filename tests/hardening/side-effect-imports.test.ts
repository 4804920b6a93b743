import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// TypeScript checks what a module imports by name, not a side-effect import (`import './x.css'`):
// a stylesheet moved in a rename left the overview benchmark's page unbuildable, found only when
// `npm run bench` reached it. Every such import in the code and the benchmarks points at a file.

const ROOTS = ['app', 'components', 'lib', 'bench'];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function target(from: string, specifier: string): string {
  if (specifier.startsWith('@/')) return resolve(specifier.slice(2));
  return resolve(dirname(from), specifier);
}

describe('side-effect imports', () => {
  it('each names a file that is there', () => {
    const files = ROOTS.flatMap(sources);
    const imports = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+['"]((?:\.{1,2}|@)\/[^'"]+)['"];?$/gm)].map((m) => ({
        file,
        specifier: m[1]!,
      })),
    );
    expect(imports.some((i) => i.specifier.endsWith('.css'))).toBe(true);
    const missing = imports
      .filter(({ file, specifier }) => {
        const path = target(file, specifier);
        return !['', '.ts', '.tsx', '.js', '/index.ts'].some((ext) => existsSync(path + ext));
      })
      .map(({ file, specifier }) => `${file}: ${specifier}`);
    expect(missing).toEqual([]);
  });
});
