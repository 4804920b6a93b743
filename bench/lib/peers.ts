import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startPartnerNginx } from './nginx';
import { ready } from './ready';

// The proxy bench's peers, started on loopback beside the stack: the bare Node pass-through and
// Debian's nginx with an upstream keep-alive pool. Each adds the bearer header and forwards
// /api/partner/<endpoint> to the portal's /api/<endpoint>, as Rooster's proxy route does.

export interface Peer {
  name: string;
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startBareProxy(port: number, sandbox: string, token: string): Promise<Peer> {
  const script = fileURLToPath(new URL('./bare-proxy.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, String(port), sandbox, token], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await ready(`${origin}/`, child, () => true);
  return { name: 'bare Node pass-through', origin, pid: child.pid!, stop: async () => void child.kill('SIGTERM') };
}

/** Debian's nginx with an upstream keep-alive pool to the portal (bench/lib/nginx.ts). */
export async function startNginx(nginx: string, port: number, sandbox: string, token: string): Promise<Peer> {
  return { name: 'nginx (Debian)', ...(await startPartnerNginx(nginx, port, sandbox, token)) };
}
