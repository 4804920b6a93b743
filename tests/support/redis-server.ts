import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

// A real Redis for the tests (Debian's redis-server, installed by `npm test`), on a free loopback
// port, without persistence, stopped when the run ends. The load run asks for more: `dir` keeps
// an append-only file there (as a deployment's Redis does, compose.yaml), so `restart()` — stop,
// then start again on the same port — comes back with what was written before.

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  pid: number;
  /** Stops it (SIGTERM: Redis writes its append-only file out first) and starts it on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedis({
  port,
  dir,
}: {
  /** A fixed port (else a free one). */
  port?: number;
  /** Persistence: an append-only file in this folder (fsync every second); without it, none. */
  dir?: string;
} = {}): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER))
    throw new Error(
      `No redis-server at ${REDIS_SERVER}. \`npm test\` installs Debian's redis-server; or set REDIS_SERVER_PATH.`,
    );
  const at = port ?? (await freePort());
  const args = [
    ...['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes'],
    ...(dir ? ['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir] : ['--appendonly', 'no']),
  ];
  let child = await launch(args);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    url: `redis://127.0.0.1:${at}`,
    port: at,
    get pid() {
      return child.pid!;
    },
    stop,
    restart: async () => {
      await stop();
      child = await launch(args);
    },
  };
}

async function launch(args: string[]): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('Ready to accept connections')) return;
      child.stdout!.off('data', read);
      child.off('exit', early);
      resolve();
    };
    const early = (code: number | null) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`));
    child.stdout!.on('data', read);
    child.once('exit', early);
  });
  // Nothing reads its output after the start; drained so a chatty server never blocks on the pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}
