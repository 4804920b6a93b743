import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The proxy bench's peers, started on loopback beside the stack: the bare Node pass-through and
// Debian's nginx with an upstream keep-alive pool. Each adds the bearer header and forwards
// /api/partner/<endpoint> to the portal's /api/<endpoint>, as Rooster's proxy route does.

export interface Peer {
  name: string;
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

async function ready(origin: string, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${origin}: exited with ${child.exitCode}`);
    if (
      await fetch(`${origin}/`).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${origin} did not start`);
}

export async function startBareProxy(port: number, sandbox: string, token: string): Promise<Peer> {
  const script = fileURLToPath(new URL('./bare-proxy.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, String(port), sandbox, token], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await ready(origin, child);
  return { name: 'bare Node pass-through', origin, pid: child.pid!, stop: async () => void child.kill('SIGTERM') };
}

/** nginx, or null with the reason where it cannot be had (printed as a line by the bench). */
export function findNginx(): string | null {
  for (const path of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'])
    if (path && existsSync(path)) return path;
  return null;
}

export async function startNginx(nginx: string, port: number, sandbox: string, token: string): Promise<Peer> {
  const dir = mkdtempSync(join(tmpdir(), 'rooster-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  const upstream = new URL(sandbox).host;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal { server ${upstream}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location / { return 404; }
    location /api/partner/ {
      proxy_pass http://portal/api/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Authorization "Bearer ${token}";
    }
  }
}
`,
  );
  const check = spawnSync(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await ready(origin, child);
  return {
    name: 'nginx (Debian)',
    origin,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
