import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Imports stay one-way: app → components → lib; within lib, server imports go downhill:
// feature folders (lib/connection, lib/timetable, lib/rights, lib/csv, lib/proxy, lib/staffing, …)
// → lib/partner-api (the portal's client and catalogue) → lib/platform (logging, process
// singletons, the state store, route helpers, limits) → the shared words and settings (lib/api's
// api-text, contract and methods, lib/i18n/locales, lib/env*, lib/net). The sandbox only borrows the spec catalogue
// and pure helpers from lib/partner-api; nothing in the app reaches into the sandbox, bench or
// tests; browser code never imports server-only modules.
// Files say where they run: `*.server.ts` is server-only (and imports 'server-only'), `*.client.ts`
// and files starting with 'use client' run in the browser and may import no server module.
const SERVER_SOURCE = /(\.server$|^server-only$|^next\/headers$)/;
const isClientFile = (context) =>
  /\.client\.tsx?$/.test(context.filename) ||
  context.sourceCode.ast.body.some((n) => n.type === 'ExpressionStatement' && n.directive === 'use client');
const rooster = {
  rules: {
    'no-server-in-client': {
      meta: {
        type: 'problem',
        messages: {
          server:
            'Browser code cannot import the server module "{{source}}"; read it in a server component or route handler and pass plain data down.',
        },
      },
      create: (context) => {
        // import … from, export … from, and import(): every way a module pulls another in.
        const check = (node) => {
          const source = node.source?.type === 'Literal' ? node.source.value : null;
          if (typeof source !== 'string' || node.importKind === 'type' || node.exportKind === 'type') return;
          if (SERVER_SOURCE.test(source) && isClientFile(context))
            context.report({ node, messageId: 'server', data: { source } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
    'server-file-marked': {
      meta: {
        type: 'problem',
        messages: {
          marker: "A *.server.ts file must import 'server-only', so a browser bundle that reaches it fails to build.",
        },
      },
      create: (context) => ({
        Program(node) {
          if (!/\.server\.tsx?$/.test(context.filename) || /\.test\.tsx?$/.test(context.filename)) return;
          if (!node.body.some((n) => n.type === 'ImportDeclaration' && n.source.value === 'server-only'))
            context.report({ node, messageId: 'marker' });
        },
      }),
    },
  },
};

// The layers under the features, as eslint-plugin-import's no-restricted-paths zones: what each
// bottom folder may import from lib/ (everything else in lib/ is a feature above it).
const SHARED = [
  './api/api-text.ts',
  './api/contract.ts',
  './api/methods.ts',
  './i18n/locales.ts',
  './i18n/locale-names.ts',
  './env.server.ts',
  './env-schema.ts',
  './net',
];
const layers = [
  {
    target: './lib/platform',
    from: './lib',
    except: ['./platform', ...SHARED],
    message:
      'lib/platform is the bottom layer: it imports only the shared words and settings, never lib/partner-api or a feature folder.',
  },
  {
    target: './lib/partner-api',
    from: './lib',
    except: ['./partner-api', './platform', ...SHARED],
    message: 'lib/partner-api imports only lib/platform and the shared words and settings, never a feature folder.',
  },
  {
    target: ['./lib/platform', './lib/partner-api'],
    from: ['./app', './components'],
    message: 'lib/platform and lib/partner-api never import pages or components.',
  },
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
              group: [
                '**/partner-api/client',
                '**/partner-api/client.*',
                '**/partner-api/transport',
                '**/partner-api/transport.*',
                '**/partner-api/transport/**',
              ],
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
        },
      ],
    },
  },
  {
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: testFiles,
    plugins: { rooster },
    rules: {
      'rooster/no-server-in-client': 'error',
      'rooster/server-file-marked': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: layers }],
    },
  },
]);
