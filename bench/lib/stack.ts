import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDashboard, standaloneServer } from '../../scripts/lib/build.mjs';
import { startRedis } from '../../tests/support/redis-server';

// The running stack for HTTP benchmarks: the sandbox and the dashboard as separate processes,
// as in production, and a connected session (cookie) for the dashboard's API.

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

export interface Stack {
  sandbox: string;
  dashboard: string;
  /** Every dashboard instance (one, or several sharing one Redis). */
  dashboards: string[];
  cookie: string;
  token: string;
  projects: string;
  pids: { sandbox: number; dashboard: number; dashboards: number[] };
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start`);
}

export async function ensureBuild() {
  const built = join(root, '.next', 'BUILD_ID');
  const fresh = existsSync(built) && statSync(built).mtimeMs > Date.now() - 6 * 3600_000;
  if (fresh && existsSync(standaloneServer) && !process.env.BENCH_REBUILD) return;
  if ((await buildDashboard()) !== 0) throw new Error('next build failed');
}

export async function startStack({
  scale = 1,
  sandboxPort = 4210,
  dashboardPort = 3210,
  instances = 1,
  /** Where the embedded state store keeps its data; a fresh directory gives an empty store. */
  stateDir = join(root, '.rooster', 'bench-state'),
} = {}): Promise<Stack> {
  await ensureBuild();
  // Several instances share state the way a deployment would: through one real Redis.
  const redis = instances > 1 ? await startRedis() : null;
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = spawn(bin('tsx'), ['sandbox/main.ts', '--port', String(sandboxPort), '--scale', String(scale)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${sandboxOrigin}/admin/health`, sandbox);
  const children = Array.from({ length: instances }, (_, i) =>
    // `DASHBOARD_NODE_ARGS="--cpu-prof --cpu-prof-dir=…"` profiles the dashboards alone (not the sandbox).
    spawn(
      process.execPath,
      [...(process.env.DASHBOARD_NODE_ARGS?.split(' ').filter(Boolean) ?? []), standaloneServer],
      {
        cwd: root,
        // `DASHBOARD_STDOUT=<file>` keeps what the dashboards print (e.g. `--trace-gc`); else nothing.
        stdio: [
          'ignore',
          process.env.DASHBOARD_STDOUT ? openSync(process.env.DASHBOARD_STDOUT, 'a') : 'ignore',
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
          ...(redis ? { REDIS_URL: redis.url } : {}),
        },
      },
    ),
  );
  const dashboards = children.map((_, i) => `http://127.0.0.1:${dashboardPort + i}`);
  for (const [i, child] of children.entries()) await waitFor(`${dashboards[i]}/`, child);
  const dashboard = children[0]!;
  const dashboardOrigin = dashboards[0]!;

  const code = (
    (await (await fetch(`${sandboxOrigin}/admin/partners/demo/codes`, { method: 'POST' })).json()) as { code: string }
  ).code;
  const connect = await fetch(`${dashboardOrigin}/api/connections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rooster-client': '1', origin: dashboardOrigin },
    body: JSON.stringify({ method: 'code', portalUrl: `${sandboxOrigin}/api`, code }),
  });
  if (connect.status !== 201) throw new Error(`connect failed: ${connect.status} ${await connect.text()}`);
  const cookie = connect.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
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
    pids: { sandbox: sandbox.pid!, dashboard: dashboard.pid!, dashboards: children.map((c) => c.pid!) },
    stop: async () => {
      for (const p of [...children, sandbox]) p.kill('SIGTERM');
      await redis?.stop();
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}
