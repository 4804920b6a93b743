import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

/**
 * The Vite set-up of a browser benchmark's page (bench/<name>/): built once, production mode and
 * minified, into bench/.build/<name>, with the app's `@/` imports and its PostCSS (Tailwind).
 */
export function pageConfig(name: string, define: Record<string, string> = {}): UserConfig {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  return defineConfig({
    root: at(`../${name}/`),
    base: './',
    logLevel: 'error',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    resolve: { alias: [{ find: /^@\/(.*)$/, replacement: at('../../$1') }] },
    css: { postcss: at('../../') },
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir: at(`../.build/${name}`),
      emptyOutDir: true,
      chunkSizeWarningLimit: 5000,
      ...(process.env.BENCH_NO_MINIFY ? { minify: false } : {}),
    },
  });
}
