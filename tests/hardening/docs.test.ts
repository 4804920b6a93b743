import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { performanceDoc } from '../../bench/lib/performance-doc';
import { serverEnvSchema } from '../../lib/env-schema';

// The front door stays a front door and the documents stay true: the README's size and folder map,
// the settings file against the schema, the performance page against the bench's results.

const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');

describe('the README', () => {
  it('is at most 15 KB', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(15 * 1024);
  });

  it('names every folder of app/, components/ and lib/ in its folder map', () => {
    const readme = read('README.md');
    const map = readme.slice(readme.indexOf('## Folder map'), readme.indexOf('## Where to change'));
    const missing = ['app', 'components', 'lib'].flatMap((top) =>
      readdirSync(top)
        .filter((name) => statSync(join(top, name)).isDirectory())
        .map((name) => `${top}/${name}/`)
        .filter((folder) => !map.includes(`\`${folder}\``)),
    );
    expect(missing).toEqual([]);
  });
});

describe('.env.example', () => {
  it('lists exactly the variables the settings schema reads', () => {
    const listed = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    const schema = Object.keys(serverEnvSchema.shape).filter((k) => k !== 'NODE_ENV');
    expect([...new Set(listed)].sort()).toEqual(schema.sort());
  });
});

describe('docs/performance.md', () => {
  it('is what the bench makes of bench/results.json', () => {
    const results = JSON.parse(read('bench/results.json')) as Parameters<typeof performanceDoc>[1] extends infer R
      ? { machine: Parameters<typeof performanceDoc>[0]; benchmarks: R }
      : never;
    expect(read('docs/performance.md')).toBe(performanceDoc(results.machine, results.benchmarks));
  });
});
