// @ts-check
import createNextIntlPlugin from 'next-intl/plugin';

// next-intl: every page, layout and route handler reads the request's language from here.
const withNextIntl = createNextIntlPlugin('./lib/i18n/request.server.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A self-contained server (.next/standalone/server.js) with only the files it needs: what the
  // Dockerfile ships and what the tests and the demo start (scripts/lib/build.mjs adds the assets).
  output: 'standalone',
  // lmdb loads its native binary from a platform package by a computed name, which tracing misses.
  outputFileTracingIncludes: { '/**': ['./node_modules/@lmdb/**/*', './node_modules/@msgpackr-extract/**/*'] },
  // Loaded from node_modules at run time: the zone library reads its data files itself; lmdb is
  // native code, and the Redis client is loaded only when REDIS_URL is set.
  serverExternalPackages: ['@touch4it/ical-timezones', 'ical-generator', 'lmdb', 'redis', 'pino'],
  reactStrictMode: true,
  // `npm test` runs `tsc --noEmit` and ESLint itself; the build need not repeat them.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
