import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries the lint step enforces, shown to really fail on code that crosses them.

// import/no-cycle reads files from disk; these snippets exist only in memory.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const rulesHit = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe('lint rules that keep browser and server apart', () => {
  it('refuses a browser file importing a server module', async () => {
    const code =
      "import { serverEnv } from '@/lib/env.server';\nexport const zone = () => serverEnv().SCHOOL_TIME_ZONE;\n";
    expect(await rulesHit('lib/timetable/example.client.ts', code)).toContain('rooster/no-server-in-client');
    expect(await rulesHit('components/example.tsx', `'use client';\n${code}`)).toContain('rooster/no-server-in-client');
    expect(await rulesHit('components/example.tsx', code)).not.toContain('rooster/no-server-in-client');
  }, 60_000);

  it('allows type-only imports of server modules in browser files', async () => {
    const code =
      "import type { ActiveConnection } from '@/lib/server/connection.server';\nexport type A = ActiveConnection;\n";
    expect(await rulesHit('lib/timetable/example.client.ts', code)).not.toContain('rooster/no-server-in-client');
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
