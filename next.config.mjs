// @ts-check
import createNextIntlPlugin from 'next-intl/plugin';
import { SECURITY_HEADERS } from './lib/security-headers.mjs';

// next-intl: every page, layout and route handler reads the request's language from here. The
// message files (messages/**/*.json) are compiled at build time (precompile), so the browser
// formats them without the ICU message parser (intl-messageformat, about 9 KB gzip on every
// page's first load); the server's translators read the same compiled messages.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.server.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A self-contained server (.next/standalone/server.js) with only the files it needs: what the
  // Dockerfile ships and what the tests and the demo start (scripts/lib/build.mjs adds the assets).
  output: 'standalone',
  // lmdb loads its native binary from a platform package by a computed name, which tracing misses;
  // the cover solver's worker thread is a module of its own, started by path with HiGHS beside it
  // (docs/decisions/0004-solver-in-a-worker.md).
  outputFileTracingIncludes: {
    '/**': [
      './node_modules/@lmdb/**/*',
      './node_modules/@msgpackr-extract/**/*',
      './lib/cover/solve.worker.mjs',
      './node_modules/highs/**/*',
    ],
  },
  // Loaded from node_modules at run time: the zone library reads its data files itself; lmdb is
  // native code, and the Redis client is loaded only when REDIS_URL is set. HiGHS reads its wasm from
  // beside its script: bundled into a page, it looked for it under /_next/static and failed.
  serverExternalPackages: ['@touch4it/ical-timezones', 'ical-generator', 'lmdb', 'redis', 'pino', 'highs'],
  reactStrictMode: true,
  // `npm test` runs `tsc --noEmit` and ESLint itself; the build need not repeat them.
  typescript: { ignoreBuildErrors: true },
  // The pages' earlier addresses keep working for bookmarks and shared links: each feature now has
  // one name from URL to file (staffing, explorer, connection), query strings carried over.
  async redirects() {
    return [
      { source: '/staff/:path*', destination: '/staffing/:path*', permanent: true },
      { source: '/explore/:path*', destination: '/explorer/:path*', permanent: true },
      { source: '/connect', destination: '/connection', permanent: true },
    ];
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [...SECURITY_HEADERS],
      },
      // Chromium asks for the icon again on every in-page navigation (each week on the timetable):
      // kept for a day, it is not a request to the server in the middle of the next week's read.
      { source: '/favicon.svg', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
    ];
  },
};

export default withNextIntl(nextConfig);
