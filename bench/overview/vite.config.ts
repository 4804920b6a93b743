import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Builds the overview benchmark page once (production mode, minified) into bench/.build/overview.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  logLevel: 'error',
  mode: 'production',
  define: { 'process.env.NODE_ENV': '"production"', 'process.env': '{}' },
  resolve: { alias: [{ find: /^@\/(.*)$/, replacement: fileURLToPath(new URL('../../$1', import.meta.url)) }] },
  css: { postcss: fileURLToPath(new URL('../../', import.meta.url)) },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../.build/overview', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
  },
});
