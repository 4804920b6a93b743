#!/usr/bin/env node
// `npm run demo`: installs what is missing, builds, starts the sandbox portal and the dashboard
// together, and prints the dashboard URL, the portal URL and a fresh one-time code. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildDashboard, prepareStandalone, standaloneServer } from './lib/build.mjs';
import { bin, ensureDependencies, localSessionSecret, log, root } from './lib/setup.mjs';

const port = Number(process.env.PORT ?? 3000);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
const children = [];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

async function waitFor(url, what, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${what} stopped (exit ${child.exitCode}); see its output above.`);
    try {
      const res = await fetch(url);
      if (res.ok || res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not start within a minute.`);
}

async function portFree(p) {
  try {
    await fetch(`http://127.0.0.1:${p}/`, { signal: AbortSignal.timeout(1000) });
    return false;
  } catch {
    return true;
  }
}

function stopAll(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/**
 * "Invallers vandaag: 14 open lessen — http://…/cover": the sandbox's school day, counted by the
 * dashboard itself (a connection of its own through the API, closed again), so the figure printed is
 * the one the page shows.
 */
async function whereToStart() {
  const health = await (await fetch(`${sandboxOrigin}/admin/health`)).json();
  const { code } = await (await fetch(`${sandboxOrigin}/admin/partners/demo/codes`, { method: 'POST' })).json();
  const dashboard = `http://127.0.0.1:${port}`;
  const headers = { 'x-rooster-client': '1', origin: dashboard, 'content-type': 'application/json' };
  const connected = await fetch(`${dashboard}/api/connections`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ method: 'code', portalUrl: `${sandboxOrigin}/api`, code }),
  });
  if (!connected.ok) throw new Error(`connecting answered ${connected.status}`);
  const cookie = connected.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { connection } = await connected.json();
  const withSession = { ...headers, cookie };
  try {
    const cover = await fetch(`${dashboard}/api/cover?date=${health.schoolDay}`, { headers: withSession });
    if (!cover.ok) throw new Error(`the cover page's answer was ${cover.status}`);
    const { meta } = await cover.json();
    const today = health.schoolDay === health.today;
    const day = today
      ? 'vandaag'
      : new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          new Date(`${health.schoolDay}T12:00:00Z`),
        );
    const url = `http://localhost:${port}/cover${today ? '' : `?date=${health.schoolDay}`}`;
    const lessons = meta.counts.open === 1 ? 'open les' : 'open lessen';
    return `  Invallers ${day}: ${meta.counts.open} ${lessons} — ${url}\n`;
  } finally {
    await fetch(`${dashboard}/api/connections/${connection.id}`, { method: 'DELETE', headers: withSession }).catch(
      () => undefined,
    );
  }
}

try {
  ensureDependencies();
  for (const [p, name, variable] of [
    [port, 'dashboard', 'PORT'],
    [sandboxPort, 'sandbox', 'SANDBOX_PORT'],
  ]) {
    if (!(await portFree(p)))
      throw new Error(`Port ${p} (${name}) is in use. Stop what runs there or set ${variable}=<another port>.`);
  }
  const sources = Math.max(
    ...['app', 'components', 'lib', 'public', 'next.config.mjs', 'tailwind.config.ts', 'package-lock.json'].map((p) =>
      newestMtime(join(root, p)),
    ),
  );
  if (!existsSync(standaloneServer) || newestMtime(join(root, '.next', 'BUILD_ID')) < sources) {
    log('Building the dashboard (next build)…');
    if ((await buildDashboard()) !== 0) throw new Error('The build failed; see above.');
  }
  // A build made by a plain `next build` lacks the browser files beside the standalone server.
  const problem = prepareStandalone();
  if (problem) throw new Error(problem);

  log(`Starting the sandbox partner API on ${sandboxOrigin}…`);
  // Today's school (or `-- --today YYYY-MM-DD`), with changes coming in during the day as a portal's do.
  const asked = process.argv.slice(2);
  const live = asked.includes('--live') ? [] : ['--live', '120'];
  const sandbox = spawn(bin('tsx'), ['sandbox/main.ts', '--port', String(sandboxPort), ...live, ...asked], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(sandbox);
  await waitFor(`${sandboxOrigin}/admin/health`, 'The sandbox', sandbox);

  log(`Starting the dashboard on http://localhost:${port}…`);
  const dashboard = spawn(process.execPath, [standaloneServer], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: '0.0.0.0', // as `next start` did; the standalone server reads HOSTNAME
      // The standalone server runs from its own folder: the state lives with the project instead.
      STATE_DIR: process.env.STATE_DIR ?? join(root, '.rooster', 'state'),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      SESSION_SECRET: localSessionSecret(),
      ALLOWED_PORTAL_ORIGINS: [process.env.ALLOWED_PORTAL_ORIGINS, sandboxOrigin].filter(Boolean).join(','),
      DEMO_PORTAL_URL: `${sandboxOrigin}/api`,
      // One JSON line per request would bury the URL and code printed below.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  children.push(dashboard);
  await waitFor(`http://127.0.0.1:${port}/`, 'The dashboard', dashboard);

  const start = await whereToStart().catch((error) => `  (The day's covers could not be counted: ${error.message})\n`);
  const res = await fetch(`${sandboxOrigin}/admin/partners/demo/codes`, { method: 'POST' });
  const { code } = await res.json();
  process.stdout.write(
    `\n  Rooster is running.\n\n` +
      `  Dashboard:          http://localhost:${port}\n` +
      `  Portal URL:         ${sandboxOrigin}/api\n` +
      `  One-time code:      ${code.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3')}  (partner "Rooster Demo"; a new one: curl -X POST ${sandboxOrigin}/admin/partners/demo/codes)\n\n` +
      start +
      `\n  Press Ctrl-C to stop both.\n\n`,
  );
  for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
} catch (error) {
  process.stderr.write(`\nnpm run demo: ${error.message}\n`);
  stopAll(1);
}
