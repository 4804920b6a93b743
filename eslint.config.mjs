import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Imports stay one-way: app → components → lib; within lib, server imports go downhill:
// feature folders (lib/timetable, lib/rights, lib/proxy, lib/staffing, …)
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
/**
 * A rule's `create`: reports each value import whose source `banned(source, context)` refuses —
 * import … from, export … from and import(), every way a module pulls another in (types pass).
 */
const refuseImports = (banned, messageId) => (context) => {
  const check = (node) => {
    const source = node.source?.type === 'Literal' ? node.source.value : null;
    if (typeof source !== 'string' || node.importKind === 'type' || node.exportKind === 'type') return;
    if (banned(source, context)) context.report({ node, messageId, data: { source } });
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
};
const CATALOGUE_SOURCE = /(^@\/lib\/partner-api\/catalog$|^\.\/catalog$)/;
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
      create: refuseImports((source, context) => SERVER_SOURCE.test(source) && isClientFile(context), 'server'),
    },
    'catalogue-on-server': {
      meta: {
        type: 'problem',
        messages: {
          catalogue:
            "The spec's catalogue (every endpoint's fields and filters) stays off the browser: a page is handed its endpoint's part (endpointSpecs) and looks names up with fieldSpecIn / filterOrFieldSpecIn from catalog-types.ts. Types may be imported.",
        },
      },
      create: refuseImports((source, context) => CATALOGUE_SOURCE.test(source) && isClientFile(context), 'catalogue'),
    },
    'luxon-server-only': {
      meta: {
        type: 'problem',
        messages: {
          luxon:
            'luxon (~21 KB gzip) stays out of the browser: read days and times with lib/partner-api/calendar.ts and lib/format/dates.ts; only a *.server.ts file may import luxon.',
        },
      },
      create: refuseImports(
        (source, context) => source === 'luxon' && !/\.server\.tsx?$/.test(context.filename),
        'luxon',
      ),
    },
    'links-through-pending-link': {
      meta: {
        type: 'problem',
        messages: {
          link: "Link to a page with PendingLink (components/ui/pending-link.tsx): it shows that the page is opening and fetches it ahead only when reached for; next/link's default fetches every link's page as it comes into view.",
        },
      },
      create: refuseImports(
        (source, context) => source === 'next/link' && !context.filename.endsWith('components/ui/pending-link.tsx'),
        'link',
      ),
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

// The layers and the features, as one set of eslint-plugin-import no-restricted-paths zones (the
// only import boundary rule; tests/hardening/lint-rules.test.ts shows each zone failing).
// - Imports go app → components → lib; nothing in the app imports the sandbox, bench or tests.
// - Within lib/, server imports go downhill: lib/platform (logging, state store, limits) is the
//   bottom, lib/partner-api (the catalogue and the one upstream client) above it, the shared words
//   and settings beside them.
// - Shared layers (below) never import a feature. A feature imports another feature only through
//   the modules that feature declares public; where two features share a rule, the rule moves down
//   into a shared layer instead of widening a public list.
// - The sandbox is a separate server: it borrows only lib/partner-api's catalogue and pure helpers.
const SHARED_WORDS = [
  './api/api-text.ts',
  './api/contract.ts',
  './api/methods.ts',
  './i18n/locales.ts',
  './i18n/locale-names.ts',
  './env.server.ts',
  './env-schema.ts',
  './net',
];
/** Folders every feature may use: the platform, the portal's client and words, formats, tables. */
const SHARED_LAYERS = [
  './lib/api',
  './lib/platform',
  './lib/partner-api',
  './lib/lessons',
  './lib/session',
  './lib/connection',
  './lib/format',
  './lib/i18n',
  './lib/browser',
  './lib/net',
  './lib/people',
  './lib/csv',
  './lib/data-table',
  './lib/shell',
  './lib/navigation.ts',
  './lib/url-state.client.ts',
  './lib/security-headers.mjs',
  './components/ui',
  './components/data-table',
];
/** Each feature: its folders, and the modules it offers other features (paths from the project root). */
const FEATURES = {
  timetable: {
    folders: ['./lib/timetable', './components/timetable'],
    public: [
      './lib/timetable/appointment.ts',
      './lib/timetable/fields.ts',
      './lib/timetable/api.client.ts',
      './lib/timetable/live-schedule.ts',
      './lib/timetable/week-summary.ts',
    ],
  },
  changes: {
    folders: ['./lib/changes', './components/changes'],
    public: ['./lib/changes/count.ts', './lib/changes/day-changes.ts'],
  },
  staffing: {
    folders: ['./lib/staffing', './components/staffing'],
    public: ['./lib/staffing/use-absence-type.client.ts'],
  },
  cover: { folders: ['./lib/cover', './components/cover'], public: [] },
  explorer: { folders: ['./lib/explorer', './components/explorer'], public: [] },
  home: { folders: ['./lib/home', './components/home'], public: ['./lib/home/recent-views.client.ts'] },
  rights: { folders: ['./lib/rights', './components/rights'], public: ['./lib/rights/page-rights.server.ts'] },
  connection: { folders: ['./components/connection'], public: [] },
  onderwijstijd: { folders: ['./lib/onderwijstijd', './components/onderwijstijd'], public: [] },
  openapi: { folders: ['./lib/openapi'], public: [] },
  proxy: { folders: ['./lib/proxy'], public: [] },
  /** The page frame (header, menus, the gate in front of each page): it reads features' public modules. */
  shell: { folders: ['./components/app-shell'], public: [] },
};
const featureFolders = Object.values(FEATURES).flatMap((f) => f.folders);
const relativeTo = (folder, path) => `.${path.slice(folder.length)}`;
const zones = [
  {
    target: ['./app', './components', './lib'],
    from: ['./sandbox', './bench', './tests'],
    message: 'The app never imports the sandbox, benchmarks or tests.',
  },
  {
    target: ['./components', './lib'],
    from: './app',
    message: 'Components and lib never import from app/ (imports go app → components → lib).',
  },
  {
    target: './lib',
    from: './components',
    except: [],
    message: 'lib/ holds logic and data access; it never imports components.',
  },
  {
    target: './lib/platform',
    from: './lib',
    except: ['./platform', ...SHARED_WORDS],
    message:
      'lib/platform is the bottom layer: it imports only the shared words and settings, never lib/partner-api or a feature folder.',
  },
  {
    target: './lib/partner-api',
    from: './lib',
    except: ['./partner-api', './platform', ...SHARED_WORDS],
    message: 'lib/partner-api imports only lib/platform and the shared words and settings, never a feature folder.',
  },
  {
    target: SHARED_LAYERS,
    from: featureFolders,
    message: 'A shared layer never imports a feature: move what both need down into the shared layer.',
  },
  // A feature reaches another only through the modules that one declares public.
  ...Object.entries(FEATURES).flatMap(([name, feature]) =>
    Object.entries(FEATURES)
      .filter(([other]) => other !== name)
      .flatMap(([other, offered]) =>
        offered.folders.map((folder) => ({
          target: feature.folders,
          from: folder,
          except: offered.public.filter((p) => p.startsWith(`${folder}/`)).map((p) => relativeTo(folder, p)),
          message: `The ${name} feature may use ${other} only through its public modules (${offered.public.join(', ') || 'none'}); move a shared rule down into a shared layer instead.`,
        })),
      ),
  ),
  {
    target: './sandbox',
    from: ['./app', './components'],
    message: 'The sandbox is a separate server; it borrows only lib/partner-api.',
  },
  {
    target: './sandbox',
    from: './lib',
    except: ['./partner-api'],
    message: 'The sandbox may import only lib/partner-api (catalogue and pure helpers).',
  },
  {
    target: './sandbox',
    from: ['./lib/partner-api/client.server.ts', './lib/partner-api/transport'],
    message: "The partner-API client is the dashboard's; the sandbox is its upstream.",
  },
];

// Tests live beside the code they test and may use tests/support.
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

/** For tests/hardening/lint-rules.test.ts: every lib/ folder stands in one of them. */
export { FEATURES, SHARED_LAYERS, SHARED_WORDS };

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
    files: ['app/**', 'components/**', 'lib/**', 'sandbox/**'],
    ignores: testFiles,
    rules: { 'import/no-restricted-paths': ['error', { zones }] },
  },
  {
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: testFiles,
    plugins: { rooster },
    rules: {
      'rooster/no-server-in-client': 'error',
      'rooster/luxon-server-only': 'error',
      'rooster/catalogue-on-server': 'error',
      'rooster/server-file-marked': 'error',
      'rooster/links-through-pending-link': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
]);
