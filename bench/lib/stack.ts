import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDashboard, standaloneServer } from '../../scripts/lib/build.mjs';
import { startRedis, type RedisServer } from '../../tests/support/redis-server';
import { findNginx, startBalancer, type Nginx } from './nginx';
import { ready } from './ready';
import { FIXED_TODAY } from '../../sandbox/school/fixed';

// The running stack for HTTP benchmarks: the sandbox and the dashboard as separate processes,
// as in production, and a connected session (cookie) for the dashboard's API. Several instances
// share one Redis (with an append-only file, as deployed) and, asked for, stand behind nginx
// (deploy/nginx.conf); an instance can be killed and started again, Redis restarted.

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

export interface Stack {
  sandbox: string;
  dashboard: string;
  /** Every dashboard instance (one, or several sharing one Redis). */
  dashboards: string[];
  /** Where people come in: nginx in front of the instances (`balancer`), else the first instance. */
  front: string;
  /** The shared Redis (several instances), with its restart. */
  redis: RedisServer | null;
  /** nginx's error log so far, summed up (none without nginx). */
  balancerErrors(): string[];
  /** Kills instance `i` (0-based) with `signal` and resolves once it has exited. */
  kill(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts instance `i` again, on its port with its settings, and resolves once it answers. */
  restart(i: number): Promise<void>;
  cookie: string;
  token: string;
  projects: string;
  /** The processes; `dashboards` names the instances running now (a restarted one by its new pid). */
  pids: { sandbox: number; dashboard: number; readonly dashboards: number[]; nginx: number | null };
  stop(): Promise<void>;
}

export async function ensureBuild() {
  const built = join(root, '.next', 'BUILD_ID');
  const fresh = existsSync(built) && statSync(built).mtimeMs > Date.now() - 6 * 3600_000;
  if (fresh && existsSync(standaloneServer) && !process.env.BENCH_REBUILD) return;
  if ((await buildDashboard()) !== 0) throw new Error('next build failed');
}

/**
 * A new session at `front` (a person connecting with a one-time code of the sandbox's demo partner, or `partner`):
 * its cookie and its connection's id. Each session has its own token, so its own share of the portal.
 */
export async function connectSession(
  front: string,
  sandbox: string,
  partner = 'demo',
): Promise<{ cookie: string; id: string }> {
  const code = (
    (await (await fetch(`${sandbox}/admin/partners/${partner}/codes`, { method: 'POST' })).json()) as { code: string }
  ).code;
  const res = await fetch(`${front}/api/connections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rooster-client': '1', origin: front },
    body: JSON.stringify({ method: 'code', portalUrl: `${sandbox}/api`, code }),
  });
  if (res.status !== 201) throw new Error(`connect failed: ${res.status} ${await res.text()}`);
  const { connection } = (await res.json()) as { connection: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: connection.id };
}

export async function startStack({
  scale = 1,
  sandboxPort = 4210,
  dashboardPort = 3210,
  instances = 1,
  /** Where the embedded state store keeps its data; a fresh directory gives an empty store. */
  stateDir = join(root, '.rooster', 'bench-state'),
  /** Several instances: nginx on this port in front of them (deploy/nginx.conf). */
  balancerPort = null as number | null,
} = {}): Promise<Stack> {
  await ensureBuild();
  // Several instances share state the way a deployment would: through one real Redis, which keeps
  // an append-only file (compose.yaml's Redis does), so a restart of it keeps what it held.
  const redisDir = instances > 1 ? mkdtempSync(join(tmpdir(), 'rooster-redis-')) : null;
  const redis = redisDir ? await startRedis({ dir: redisDir }) : null;
  const nginxPath = balancerPort !== null && instances > 1 ? findNginx() : null;
  if (balancerPort !== null && instances > 1 && !nginxPath)
    throw new Error('nginx: not installed here (apt-get install nginx, or NGINX_PATH)');
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = spawn(
    bin('tsx'),
    ['sandbox/main.ts', '--port', String(sandboxPort), '--scale', String(scale), '--today', FIXED_TODAY],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await ready(`${sandboxOrigin}/admin/health`, sandbox);
  const spawnInstance = (i: number) =>
    // `DASHBOARD_NODE_ARGS="--cpu-prof --cpu-prof-dir=…"` profiles the dashboards alone (not the sandbox).
    spawn(
      process.execPath,
      [...(process.env.DASHBOARD_NODE_ARGS?.split(' ').filter(Boolean) ?? []), standaloneServer],
      {
        cwd: root,
        // `DASHBOARD_STDOUT=<file>` keeps what the dashboards print (e.g. `--trace-gc`); else nothing.
        // `{i}` in it gives each instance a file of its own.
        stdio: [
          'ignore',
          process.env.DASHBOARD_STDOUT
            ? openSync(process.env.DASHBOARD_STDOUT.replace('{i}', String(i + 1)), 'a')
            : 'ignore',
          'inherit',
        ],
        env: {
          ...process.env,
          PORT: String(dashboardPort + i),
          HOSTNAME: '127.0.0.1',
          NODE_ENV: 'production',
          NEXT_TELEMETRY_DISABLED: '1',
          SESSION_SECRET: 'bench-only-secret-0123456789abcdefghijklmnop',
          ALLOWED_PORTAL_ORIGINS: sandboxOrigin,
          LOG_LEVEL: 'warn',
          // Many simulated people connect from this one address.
          CONNECT_LIMIT_PER_ADDRESS: '100000',
          CONNECT_LIMIT_PER_PORTAL: '100000',
          // One session here stands for many people reading at once.
          HEAVY_READS_PER_SESSION: '1000',
          STATE_DIR: stateDir,
          // Behind nginx on this host: its X-Forwarded-For names the client (docs/configuration.md).
          ...(nginxPath ? { TRUSTED_PROXIES: '127.0.0.1,::1' } : {}),
          ...(redis ? { REDIS_URL: redis.url } : {}),
        },
      },
    );
  const children = Array.from({ length: instances }, (_, i) => spawnInstance(i));
  const dashboards = children.map((_, i) => `http://127.0.0.1:${dashboardPort + i}`);
  for (const [i, child] of children.entries()) await ready(`${dashboards[i]}/`, child);
  const balancer: Nginx | null = nginxPath
    ? await startBalancer(
        nginxPath,
        balancerPort!,
        dashboards.map((d) => new URL(d).host),
      )
    : null;
  const dashboard = children[0]!;
  const dashboardOrigin = dashboards[0]!;

  const { cookie } = await connectSession(dashboardOrigin, sandboxOrigin);
  const tokenCode = (
    (await (await fetch(`${sandboxOrigin}/admin/partners/demo/codes`, { method: 'POST' })).json()) as { code: string }
  ).code;
  const token = (
    (await (await fetch(`${sandboxOrigin}/api/oauth/token?code=${tokenCode}`, { method: 'POST' })).json()) as {
      access_token: string;
    }
  ).access_token;
  const me = (await (
    await fetch(`${sandboxOrigin}/api/partners/~me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { response: { data: { schoolInSchoolYears: { id: number; schoolYear: number }[] }[] } };
  const projects = me.response.data[0]!.schoolInSchoolYears.filter((p) => p.schoolYear === 2026)
    .map((p) => p.id)
    .join(',');
  return {
    sandbox: sandboxOrigin,
    dashboard: dashboardOrigin,
    cookie,
    token,
    projects,
    dashboards,
    front: balancer?.origin ?? dashboardOrigin,
    redis,
    pids: {
      sandbox: sandbox.pid!,
      dashboard: dashboard.pid!,
      get dashboards() {
        return children.map((c) => c.pid!);
      },
      nginx: balancer?.pid ?? null,
    },
    balancerErrors: () => balancer?.errors() ?? [],
    kill: async (i, signal = 'SIGKILL') => {
      const child = children[i]!;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    restart: async (i) => {
      children[i] = spawnInstance(i);
      await ready(`${dashboards[i]}/`, children[i]);
    },
    stop: async () => {
      await balancer?.stop();
      for (const p of [...children, sandbox]) p.kill('SIGTERM');
      await redis?.stop();
      if (redisDir) rmSync(redisDir, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}
