import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A browser benchmark's page (bench/<name>/, built by Vite into bench/.build/<name>) served on a
// free local port, so Chromium loads it as it would a real page.

const bench = fileURLToPath(new URL('..', import.meta.url));

export async function servePageBuild(name: string): Promise<{ url: string; close: () => void }> {
  const dist = join(bench, '.build', name);
  execFileSync(
    join(bench, '..', 'node_modules', '.bin', 'vite'),
    ['build', '--config', join(bench, name, 'vite.config.ts')],
    // The page configs share bench/lib/page-config.ts, imported without an extension (as tsc wants).
    { stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
  const server = createServer((req, res) => {
    const path = join(dist, decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/^\/$/, '/index.html'));
    if (!path.startsWith(dist) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type':
        { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(path)] ??
        'application/octet-stream',
    });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}
