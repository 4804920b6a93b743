import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Imports stay one-way: app → components → lib; the sandbox only borrows the spec catalogue
// and pure helpers from lib/partner-api; nothing in the app reaches into the sandbox, bench or
// tests; browser code never imports server-only modules.
const serverOnlyModules = [
  '@/lib/env',
  '@/lib/connection/current',
  '@/lib/partner-api/client',
  '@/lib/session/*',
  '@/lib/server/*',
];

// Tests live beside the code they test and may use tests/support.
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'bench/.build/**',
    'out/**',
    'node_modules/**',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    'coverage/**',
  ]),
  {
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/**', '@/sandbox/**', '**/bench/**', '@/bench/**', '**/tests/**', '@/tests/**'],
              message: 'The app never imports the sandbox, benchmarks or tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**', 'lib/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '**/app/**'],
              message: 'Components and lib never import from app/ (imports go app → components → lib).',
            },
            {
              group: ['**/sandbox/**', '@/sandbox/**', '**/bench/**', '**/tests/**'],
              message: 'The app never imports the sandbox, benchmarks or tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/**'],
    ignores: ['lib/**/*.tsx', ...testFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/components/**', '**/components/**'],
              message: 'lib/ holds logic and data access; it never imports components.',
            },
            {
              group: ['@/app/**', '**/app/**', '**/sandbox/**', '@/sandbox/**', '**/bench/**', '**/tests/**'],
              message: 'Imports go app → components → lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '@/components/**', '**/app/**', '**/components/**'],
              message: 'The sandbox is a separate server; it borrows only lib/partner-api.',
            },
            {
              group: [
                '@/lib/*',
                '!@/lib/partner-api',
                '../lib/*',
                '../../lib/*',
                '!../lib/partner-api',
                '!../../lib/partner-api',
              ],
              message: 'The sandbox may import only lib/partner-api (catalogue and pure helpers).',
            },
            {
              group: ['**/partner-api/client', '**/partner-api/client.*'],
              message: "The partner-API client is the dashboard's; the sandbox is its upstream.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.tsx'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/**', '**/app/**', '**/sandbox/**', '@/sandbox/**', '**/bench/**', '**/tests/**'],
              message: 'Imports go app → components → lib.',
            },
          ],
          paths: serverOnlyModules
            .filter((m) => !m.includes('*') && m !== '@/lib/connection/current')
            .map((name) => ({
              name,
              message: 'Server-only module: read it in a server component or route handler and pass plain data down.',
            })),
        },
      ],
    },
  },
]);
