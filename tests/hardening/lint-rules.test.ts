import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The boundaries the lint step enforces, shown to really fail on code that crosses them.

const eslint = new ESLint({ cwd: process.cwd() });
// import/no-cycle follows files on disk; the in-memory snippets below have none to follow.
const inMemory = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const rulesHit = async (filePath: string, code: string) =>
  (await inMemory.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe('lint rules that keep browser and server apart', () => {
  const code =
    "import { serverEnv } from '@/lib/env.server';\nexport const zone = () => serverEnv().SCHOOL_TIME_ZONE;\n";

  it('refuses a browser file importing a server module', async () => {
    expect(await rulesHit('lib/timetable/example.client.ts', code)).toContain('rooster/no-server-in-client');
    expect(await rulesHit('components/example.tsx', `'use client';\n${code}`)).toContain('rooster/no-server-in-client');
    expect(await rulesHit('components/example.tsx', code)).not.toContain('rooster/no-server-in-client');
  }, 60_000);

  it('also refuses re-exports and dynamic imports of server modules from browser files', async () => {
    expect(await rulesHit('lib/x.client.ts', "export { serverEnv } from '@/lib/env.server';\n")).toContain(
      'rooster/no-server-in-client',
    );
    expect(await rulesHit('lib/x.client.ts', "export const load = () => import('@/lib/env.server');\n")).toContain(
      'rooster/no-server-in-client',
    );
  }, 60_000);

  it('allows type-only imports of server modules in browser files', async () => {
    const typeOnly =
      "import type { ActiveConnection } from '@/lib/connection/connection.server';\nexport type A = ActiveConnection;\n";
    expect(await rulesHit('lib/timetable/example.client.ts', typeOnly)).not.toContain('rooster/no-server-in-client');
  }, 60_000);

  it('refuses next/link outside PendingLink, which fetches a page ahead only when reached for', async () => {
    const link = "import Link from 'next/link';\nexport const L = Link;\n";
    expect(await rulesHit('components/example.tsx', link)).toContain('rooster/links-through-pending-link');
    expect(await rulesHit('app/example/page.tsx', link)).toContain('rooster/links-through-pending-link');
    expect(await rulesHit('components/ui/pending-link.tsx', link)).not.toContain('rooster/links-through-pending-link');
  }, 60_000);

  it('requires a *.server.ts file to import server-only', async () => {
    expect(await rulesHit('lib/server/example.server.ts', 'export const x = 1;\n')).toContain(
      'rooster/server-file-marked',
    );
    expect(
      await rulesHit('lib/server/example.server.ts', "import 'server-only';\nexport const x = 1;\n"),
    ).not.toContain('rooster/server-file-marked');
  }, 60_000);
});

describe('lint rule that keeps server imports downhill', () => {
  const rule = 'import/no-restricted-paths';

  it('refuses lib/platform or lib/partner-api reaching up into a feature folder', async () => {
    const connection =
      "import { getPartner } from '@/lib/connection/connection.server';\nexport const x = getPartner;\n";
    expect(await rulesHit('lib/platform/example.server.ts', `import 'server-only';\n${connection}`)).toContain(rule);
    expect(await rulesHit('lib/partner-api/example.ts', connection)).toContain(rule);
    const timetable = "import { weekSummary } from '../timetable/week-summary';\nexport const x = weekSummary;\n";
    expect(await rulesHit('lib/partner-api/example.ts', timetable)).toContain(rule);
    // The bottom layer is below the client too.
    const client = "import { readList } from '@/lib/partner-api/client.server';\nexport const x = readList;\n";
    expect(await rulesHit('lib/platform/example.ts', client)).toContain(rule);
  }, 60_000);

  it('allows the imports that go down', async () => {
    const down =
      "import { log } from '@/lib/platform/log.server';\nimport { apiText } from '@/lib/api/api-text';\nexport const x = [log, apiText];\n";
    expect(await rulesHit('lib/partner-api/example.ts', down)).not.toContain(rule);
    expect(await rulesHit('lib/timetable/example.ts', down)).not.toContain(rule);
    const client = "import { readList } from '@/lib/partner-api/client.server';\nexport const x = readList;\n";
    expect(await rulesHit('lib/connection/example.ts', client)).not.toContain(rule);
  }, 60_000);
});

describe('one set of zones: features apart, shared layers under them', () => {
  const rule = 'import/no-restricted-paths';
  const importing = (what: string, from: string) => `import { ${what} } from '${from}';\nexport const x = ${what};\n`;

  it('refuses a feature reaching into another feature past its public modules', async () => {
    expect(await rulesHit('lib/cover/example.ts', importing('layoutDay', '@/lib/timetable/layout'))).toContain(rule);
    expect(
      await rulesHit(
        'components/timetable/overview/example.tsx',
        importing('LoadScreen', '@/components/staffing/load-screen'),
      ),
    ).toContain(rule);
    expect(
      await rulesHit('lib/explorer/example.ts', importing('coverCounts', '@/lib/cover/week-counts.server')),
    ).toContain(rule);
    // What a feature declares public is open to the others.
    expect(
      await rulesHit('lib/cover/example.ts', importing('appointmentOf', '@/lib/timetable/appointment')),
    ).not.toContain(rule);
    // Within one feature (the overview is the timetable's), anything goes.
    expect(
      await rulesHit('components/timetable/overview/example.tsx', importing('layoutDay', '@/lib/timetable/layout')),
    ).not.toContain(rule);
  }, 60_000);

  it('refuses a shared layer importing any feature, even its public modules', async () => {
    expect(
      await rulesHit('components/ui/example.tsx', importing('appointmentOf', '@/lib/timetable/appointment')),
    ).toContain(rule);
    expect(await rulesHit('lib/format/example.ts', importing('countChanges', '@/lib/changes/count'))).toContain(rule);
    expect(
      await rulesHit('components/data-table/example.tsx', importing('figures', '@/lib/staffing/figures')),
    ).toContain(rule);
  }, 60_000);

  it('keeps imports going app → components → lib, and the app away from sandbox, bench and tests', async () => {
    expect(await rulesHit('lib/timetable/example.ts', importing('Fold', '@/components/ui/fold'))).toContain(rule);
    expect(await rulesHit('components/ui/example.tsx', importing('Providers', '@/app/providers'))).toContain(rule);
    expect(await rulesHit('app/example.tsx', importing('PortalClient', '@/tests/support/portal'))).toContain(rule);
    expect(await rulesHit('lib/timetable/example.ts', importing('startStack', '../../bench/lib/stack'))).toContain(
      rule,
    );
  }, 60_000);

  it('lets the sandbox borrow only lib/partner-api, never its client', async () => {
    expect(await rulesHit('sandbox/example.ts', importing('catalog', '../lib/partner-api/catalog'))).not.toContain(
      rule,
    );
    expect(await rulesHit('sandbox/example.ts', importing('layoutDay', '../lib/timetable/layout'))).toContain(rule);
    expect(await rulesHit('sandbox/example.ts', importing('readList', '../lib/partner-api/client.server'))).toContain(
      rule,
    );
  }, 60_000);

  it('is the only import boundary rule: no no-restricted-imports block replaces another', async () => {
    for (const file of ['lib/timetable/x.ts', 'components/ui/x.tsx', 'app/x.tsx', 'sandbox/x.ts']) {
      const config = await eslint.calculateConfigForFile(file);
      expect(config.rules['no-restricted-imports'], file).toBeUndefined();
      expect(config.rules['import/no-restricted-paths']?.[0], file).toBe(2);
    }
  }, 60_000);
});

describe('the zones name every folder of lib/', () => {
  it('puts each lib/ folder and top-level module in a feature, a shared layer or the shared words', async () => {
    // @ts-expect-error: the lint config is plain JavaScript, without type declarations.
    const { FEATURES, SHARED_LAYERS, SHARED_WORDS } = (await import('../../eslint.config.mjs')) as unknown as {
      FEATURES: Record<string, { folders: string[] }>;
      SHARED_LAYERS: string[];
      SHARED_WORDS: string[];
    };
    const named = new Set([
      ...SHARED_LAYERS,
      ...Object.values(FEATURES).flatMap((f) => f.folders),
      ...SHARED_WORDS.map((w) => `./lib/${w.slice(2)}`),
    ]);
    const entries = readdirSync('lib', { withFileTypes: true })
      // Tests and type declarations beside the modules are not code others import.
      .filter((e) => e.isDirectory() || (/\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.|\.d\.m?ts$/.test(e.name)))
      .map((e) => `./lib/${e.name}`);
    const unnamed = entries.filter((e) => !named.has(e));
    expect(unnamed).toEqual([]);
  });
});

describe('import cycles', () => {
  const dir = join(process.cwd(), 'lib', `zz-lint-cycle-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails two modules that import each other', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const results = await eslint.lintFiles([join(dir, '*.ts')]);
    for (const r of results) expect(r.messages.map((m) => m.ruleId)).toContain('import/no-cycle');
  }, 60_000);
});
