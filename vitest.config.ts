import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: `${root}$1` },
      // `server-only` throws outside React's server build; in unit tests it is a no-op.
      { find: /^server-only$/, replacement: `${root}tests/support/empty-module.ts` },
    ],
  },
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', '.next/**', 'tests/e2e/**'],
    environment: 'node',
    // The server's JSON logs stay quiet in unit tests (the browser tests read them).
    env: { LOG_LEVEL: 'silent' },
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    pool: 'threads',
    reporters: process.env.ROOSTER_REPORT
      ? ['default', ['json', { outputFile: process.env.ROOSTER_REPORT }]]
      : ['default'],
  },
});
