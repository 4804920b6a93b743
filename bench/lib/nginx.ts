import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ready } from './ready';

// Debian's nginx for the benchmarks, run as a child of the bench (not a daemon), everything it
// writes (pid, error log, temp files) in a temp folder of its own, removed when it stops: the
// proxy bench's peer (bench/lib/peers.ts) and the load run's balancer in front of the instances,
// which is the deployment's own deploy/nginx.conf with its addresses swapped.

export interface Nginx {
  origin: string;
  pid: number;
  /** Its error log so far, summed up: `<n>× <message> (<upstream>)`, the most frequent first. */
  errors(): string[];
  stop(): Promise<void>;
}

/** nginx's error log lines counted by what they say and the upstream they name. */
export function summarizeErrorLog(text: string): string[] {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^\S+ \S+ \[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: |$)/.exec(line);
    if (!m) continue;
    const upstream = /upstream: "\w+:\/\/([^/"]+)/.exec(line)?.[1];
    const key = `[${m[1]}] ${m[2]}${upstream ? ` (${upstream})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${n}× ${what}`);
}

/** nginx, or null where it cannot be had (the bench says so in a line). */
export function findNginx(): string | null {
  for (const path of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'])
    if (path && existsSync(path)) return path;
  return null;
}

/** The main context's lines that keep nginx's files in `dir`. */
const ownFiles = (dir: string) =>
  `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}`;

/** The http context's lines that keep its temp files in `dir` (and no access log). */
const ownTemp = (dir: string) => `access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;`;

/** Starts nginx on loopback `port` with the configuration `conf(dir)` makes (dir: its temp folder). */
export async function runNginx(nginx: string, port: number, conf: (dir: string) => string): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'rooster-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d));
  writeFileSync(join(dir, 'nginx.conf'), conf(dir));
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
  const check = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  // nginx answering at all is enough: its upstream may start after it.
  await ready(`${origin}/`, child, () => true);
  return {
    origin,
    pid: child.pid!,
    errors: () => {
      const log = join(dir, 'error.log');
      return existsSync(log) ? summarizeErrorLog(readFileSync(log, 'utf8')) : [];
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx as a partner-API proxy: /api/partner/<endpoint> to the portal's /api/<endpoint>, the bearer added. */
export function startPartnerNginx(nginx: string, port: number, sandbox: string, token: string): Promise<Nginx> {
  const upstream = new URL(sandbox).host;
  return runNginx(
    nginx,
    port,
    (dir) => `worker_processes 1;
${ownFiles(dir)}
events { worker_connections 1024; }
http {
  ${ownTemp(dir)}
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
}

const deployConf = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/**
 * deploy/nginx.conf with the bench's addresses: one worker (two cores here, shared with the
 * instances), its files in `dir`, the upstream servers `instances` (host:port) and the listener on
 * loopback `port`. Everything else (keep-alive pool, headers, retries, timeouts, gzip) is the
 * deployment's. Throws when the file no longer has what it swaps.
 */
export function balancerConf(dir: string, port: number, instances: string[], text = readFileSync(deployConf, 'utf8')) {
  const swaps: [RegExp, (match: string, indent: string) => string][] = [
    [/^worker_processes [^;]+;$/m, () => `worker_processes 1;\n${ownFiles(dir)}`],
    [/^http \{$/m, () => `http {\n  ${ownTemp(dir)}`],
    [
      /^(\s*)server [^\s;{]+:\d+;\n(?:\s*server [^\s;{]+:\d+;\n)*/m,
      (_, indent) => instances.map((i) => `${indent}server ${i};\n`).join(''),
    ],
    [/^\s*listen \d+;$/m, () => `    listen 127.0.0.1:${port};`],
  ];
  for (const [pattern, by] of swaps) {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}; update balancerConf`);
    text = text.replace(pattern, (match: string, indent: unknown) =>
      by(match, typeof indent === 'string' ? indent : ''),
    );
  }
  return text;
}

/** nginx in front of the dashboard instances, as deploy/nginx.conf runs it. */
export function startBalancer(nginx: string, port: number, instances: string[]): Promise<Nginx> {
  return runNginx(nginx, port, (dir) => balancerConf(dir, port, instances));
}
