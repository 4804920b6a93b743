import { closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { weekWindow, addWeeks } from '../lib/partner-api/values';
import { GRID_FIELDS } from '../lib/timetable/fields';
import { rssBytes } from './lib/cpu';
import { median, percentile, record, reported, round, type BenchResult } from './lib/results';
import { connectSession, startStack } from './lib/stack';

// Load: USERS simulated people browsing the timetable and the tables for SECONDS against the
// sandbox, each with their own session; zero errors expected, the dashboard's memory stable
// (growth at most 10% from the first minute after a warm-up to the last), latencies reported.
// Bounded in time (LOAD_WARMUP_SECONDS + LOAD_SECONDS) and in requests. Loopback only; the ports
// are LOAD_PORT (instances from there up), LOAD_SANDBOX_PORT and LOAD_BALANCER_PORT.
// LOAD_HEAP_SNAPSHOTS=1 starts the dashboards with --heapsnapshot-signal and has each write a heap
// snapshot (into .next/standalone, where the server runs) after the warm-up and at the end, to
// compare what grew; writing one pauses an instance for seconds, so requests fail meanwhile.
//
// `--instances 2` (issue 32 §6): two instances on one Redis behind nginx (deploy/nginx.conf), for
// 10 minutes, and through faults (LOAD_FAULTS=0 leaves them out): at a third of the run instance 2
// is killed (SIGKILL), left down LOAD_DOWN_SECONDS and started again on its port; at two thirds
// Redis is stopped and started again. Requests that fail because they were in flight at the kill
// are counted apart (reported); every other failure is an error. After each fault every session's
// cookie must still read on every instance, and after the Redis restart every key Redis held must
// still be there (it keeps an append-only file, as deployed) and a disconnected session must still
// be refused. Memory is held to its goal per instance and per process: instance 2 after its
// restart is a new process, measured from the end of a warm-up of its own. Beside the resident
// memory (the goal), each process's live heap after its full collections (`--trace-gc`, the
// dashboards' stdout read as it comes) is reported: it grows with a leak, not with the heap's saw.

const argInstances = process.argv.indexOf('--instances');
const INSTANCES = Number(argInstances !== -1 ? process.argv[argInstances + 1] : (process.env.LOAD_INSTANCES ?? 1));
const USERS = Number(process.env.LOAD_USERS ?? 50);
/** The issue's run with several instances is 10 minutes; one instance, 5. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? (INSTANCES > 1 ? 600 : 300));
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 60);
const MAX_REQUESTS = 200_000;
const FAULTS = INSTANCES > 1 && process.env.LOAD_FAULTS !== '0';
/** How long the killed instance stays down before it is started again. */
const DOWN_SECONDS = Number(process.env.LOAD_DOWN_SECONDS ?? 5);
/** The instance killed (0-based): the second. */
const KILLED = 1;

const HEAP_SNAPSHOTS = process.env.LOAD_HEAP_SNAPSHOTS === '1';
/** The memory goal: growth from the first to the last minute after warm-up. */
const GROWTH_GOAL = 0.1;

if (HEAP_SNAPSHOTS) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2`.trim();
const gcDir = mkdtempSync(join(tmpdir(), 'rooster-load-gc-'));
process.env.DASHBOARD_NODE_ARGS = `${process.env.DASHBOARD_NODE_ARGS ?? ''} --trace-gc`.trim();
process.env.DASHBOARD_STDOUT = join(gcDir, 'instance-{i}.log');
const dashboardPort = Number(process.env.LOAD_PORT ?? 3210);
const s = await startStack({
  instances: INSTANCES,
  dashboardPort,
  sandboxPort: Number(process.env.LOAD_SANDBOX_PORT ?? 4210),
  balancerPort: INSTANCES > 1 ? Number(process.env.LOAD_BALANCER_PORT ?? dashboardPort + 50) : null,
});
const say = (line: string) => process.stdout.write(`  ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
/** Asks every dashboard for a heap snapshot (written synchronously, so the process pauses a while). */
function heapSnapshots(moment: string) {
  if (!HEAP_SNAPSHOTS) return;
  for (const pid of s.pids.dashboards) process.kill(pid, 'SIGUSR2');
  say(`heap snapshots asked for (${moment}): Heap.*.heapsnapshot in .next/standalone (the server's folder)`);
}
/** The dashboards' memory together (one process, or every instance). */
const dashboardsRss = () => s.pids.dashboards.reduce((sum, pid) => sum + rssBytes(pid), 0);

/** What each dashboard's stdout holds beyond what was read: the live heap after each full collection. */
const gcRead = new Map<string, { offset: number; tail: string }>();
const FULL_GC = /^\[(\d+):0x[0-9a-f]+\]\s+[\d.]+ ms: Mark-Compact (?:\(reduce\) )?[\d.]+ \([\d.]+\) -> ([\d.]+) \(/;
function fullCollections(): { pid: number; mb: number }[] {
  const out: { pid: number; mb: number }[] = [];
  for (const name of readdirSync(gcDir)) {
    const file = join(gcDir, name);
    const at = gcRead.get(file) ?? { offset: 0, tail: '' };
    const size = statSync(file).size;
    if (size <= at.offset) continue;
    const buffer = Buffer.alloc(size - at.offset);
    const fd = openSync(file, 'r');
    readSync(fd, buffer, 0, buffer.length, at.offset);
    closeSync(fd);
    const lines = (at.tail + buffer.toString('utf8')).split('\n');
    gcRead.set(file, { offset: size, tail: lines.pop()! });
    for (const line of lines) {
      const m = FULL_GC.exec(line);
      if (m) out.push({ pid: Number(m[1]), mb: Number(m[2]) });
    }
  }
  return out;
}

const latencies: number[] = [];
let requests = 0;
/** Failed requests other than those in flight at the kill (the goal: none), by what failed. */
let errors = 0;
const failures = new Map<string, Failures>();
/** How many failed of a kind, and between which seconds of the measured phase. */
interface Failures {
  n: number;
  from: number;
  to: number;
}
/** When the measured phase began (failures are timed from there). */
let measuredFrom = Date.now();
/** Requests under way now (ids), and those that were when instance 2 was killed. */
const inFlight = new Set<number>();
let atKill = new Set<number>();
let killFailed = 0;
const killFailures = new Map<string, Failures>();
/** The fault under way, named beside the failures it brings. */
let during: string | null = null;
function count(map: Map<string, Failures>, key: string) {
  const at = Math.round((Date.now() - measuredFrom) / 1000);
  const was = map.get(key);
  map.set(key, was ? { n: was.n + 1, from: was.from, to: at } : { n: 1, from: at, to: at });
}
const listed = (map: Map<string, Failures>) =>
  [...map].map(([what, f]) => `${f.n}× ${what} at ${f.from === f.to ? f.from : `${f.from}–${f.to}`} s`).join('; ');

function failed(id: number, what: string) {
  if (atKill.has(id)) {
    killFailed++;
    count(killFailures, what);
  } else {
    errors++;
    count(failures, during ? `${what} (${during})` : what);
  }
}

/** A new session: its cookie and its connection's id. */
const connect = () => connectSession(s.front, s.sandbox);

const teachers = (
  (await (
    await fetch(
      `${s.sandbox}/api/appointments?${new URLSearchParams({ schoolInSchoolYear: s.projects, fields: 'teachers', start: String(weekWindow({ year: 2026, week: 47 }).start), end: String(weekWindow({ year: 2026, week: 47 }).end) })}`,
      { headers: { authorization: `Bearer ${s.token}` } },
    )
  ).json()) as { response: { data: { teachers: string[] }[] } }
).response.data.flatMap((r) => r.teachers);

function actions(): { path: string; api: boolean }[] {
  const week = addWeeks({ year: 2026, week: 47 }, Math.floor(Math.random() * 6) - 2);
  const w = weekWindow(week);
  const teacher = teachers[Math.floor(Math.random() * teachers.length)]!;
  const iso = `${week.year}-W${String(week.week).padStart(2, '0')}`;
  return [
    { path: `/timetable?week=${iso}&teacher=${teacher}`, api: false },
    {
      path: `/api/partner/appointments?${new URLSearchParams({ fields: GRID_FIELDS.join(','), start: String(w.start), end: String(w.end), teachers: teacher, includeHidden: 'true' })}`,
      api: true,
    },
    {
      path: `/api/partner/appointments?${new URLSearchParams({ fields: GRID_FIELDS.join(','), start: String(w.start), end: String(w.end), includeHidden: 'true' })}`,
      api: true,
    },
    { path: '/staffing/contracts', api: false },
    { path: '/api/partner/contracts?fields=id,employee,start,end,schoolInSchoolYear', api: true },
    { path: EMPLOYEES, api: true },
    {
      path: `/api/partner/employeeabsences?fields=id,employee,start,end,absenceTypeCode&startDate=2026-11-01&endDate=2026-11-30`,
      api: true,
    },
    { path: '/rights', api: false },
  ];
}
const EMPLOYEES = '/api/partner/employees?fields=userCode,firstName,prefix,lastName';

async function user(cookie: string, until: number) {
  while (Date.now() < until && requests < MAX_REQUESTS) {
    const all = actions();
    const action = all[Math.floor(Math.random() * all.length)]!;
    const t0 = performance.now();
    const id = requests++;
    inFlight.add(id);
    try {
      const res = await fetch(`${s.front}${action.path}`, {
        headers: { cookie, ...(action.api ? { 'x-rooster-client': '1' } : {}) },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.status >= 400) failed(id, `${res.status} ${action.path.split('?')[0]}`);
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      failed(id, `${e.name}${e.cause?.code ? ` ${e.cause.code}` : ''} ${action.path.split('?')[0]}`);
    } finally {
      inFlight.delete(id);
    }
    latencies.push(performance.now() - t0);
    await sleep(300 + Math.random() * 1200); // think time
  }
}

/** Runs `fn` over `items`, `width` at a time (the checks add little load beside the users). */
async function eachLimited<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** The status a session's cookie gets for an API read from one instance, straight (not through nginx). */
const readStatus = (instance: string, cookie: string) =>
  fetch(`${instance}${EMPLOYEES}`, {
    headers: { cookie, 'x-rooster-client': '1' },
    signal: AbortSignal.timeout(30_000),
  }).then(
    async (r) => (await r.arrayBuffer(), r.status),
    () => 0,
  );

/** How many sessions read (200) on every instance, and what the others got (`instance 2: 401`). */
async function sessionsConnected(cookies: string[]): Promise<{ n: number; other: string }> {
  const other = new Map<string, number>();
  const ok = await eachLimited(cookies, 8, async (cookie) => {
    const statuses = await Promise.all(s.dashboards.map((d) => readStatus(d, cookie)));
    statuses.forEach((st, i) => {
      if (st !== 200) other.set(`instance ${i + 1}: ${st}`, (other.get(`instance ${i + 1}: ${st}`) ?? 0) + 1);
    });
    return statuses.every((st) => st === 200);
  });
  return {
    n: ok.filter(Boolean).length,
    other: [...other].map(([what, n]) => `${n}× ${what}`).join(', '),
  };
}

/**
 * Each instance's /api/ready (its state store answers) until all say 200: how long that took, or
 * null with the last statuses after 30 s.
 */
async function allReady(): Promise<{ ms: number | null; statuses: (number | string)[] }> {
  const t0 = Date.now();
  let statuses: (number | string)[] = [];
  while (Date.now() - t0 < 30_000) {
    statuses = await Promise.all(
      s.dashboards.map((d) =>
        fetch(`${d}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
          (r) => r.status,
          (e: Error) => e.name,
        ),
      ),
    );
    if (statuses.every((st) => st === 200)) return { ms: Date.now() - t0, statuses };
    await sleep(250);
  }
  return { ms: null, statuses };
}

/** Every key in Redis with the time it has left (ms; -1: no expiry). */
const redisKeys = () =>
  withRedis(async (client) => {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ COUNT: 1000 }))
      keys.push(...(Array.isArray(batch) ? batch : [batch as string]));
    const left = await Promise.all(keys.map((k) => client.pTTL(k)));
    return new Map(keys.map((k, i) => [k, left[i]!]));
  });
/** Runs `fn` on a client of its own (the bench's, not the dashboards'). */
async function withRedis<T>(fn: (client: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
  const client = createClient({ url: s.redis!.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.quit();
  }
}
const redisHas = (keys: string[]) =>
  withRedis(async (client) => {
    const there = await Promise.all(keys.map((k) => client.exists(k)));
    return new Set(keys.filter((_, i) => there[i] === 1));
  });
const redisSet = (key: string, value: string) => withRedis((client) => client.set(key, value));
const redisGet = (key: string) => withRedis((client) => client.get(key));

/** A session that connected and then disconnected: its old cookie, which must stay refused. */
async function disconnectedCookie(): Promise<string> {
  const { cookie, id } = await connect();
  const res = await fetch(`${s.front}/api/connections/${id}`, {
    method: 'DELETE',
    headers: { cookie, 'x-rooster-client': '1', origin: s.front },
  });
  if (res.status !== 200) throw new Error(`disconnect: ${res.status} ${await res.text()}`);
  return cookie;
}

interface Life {
  instance: number;
  /** How the rows name it. */
  label: string;
  pid: number;
  samples: number[];
  /** Its live heap after each full collection (MB), at the second (sample) it was seen. */
  heap: { at: number; mb: number }[];
  /** Samples of its own warm-up, left out of the growth. */
  skip: number;
  ended: boolean;
}
const lives: Life[] = [];

const row = (
  metric: string,
  value: number,
  unit: string,
  goal: string,
  met: boolean,
  more: Partial<BenchResult> = {},
) => ({ ...reported('', metric, value, unit), goal, met, ...more }) satisfies BenchResult;

/** Every goal met: the dashboards' output can go. */
let clean = false;
try {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push((await connect()).cookie);
  // Warm-up (not measured): a minute of the same load, so the server's heap reaches its working
  // size; "stable" then means no growth from there to the end.
  await Promise.all(cookies.map((c) => user(c, Date.now() + WARMUP_SECONDS * 1000)));
  const warmRequests = requests;
  latencies.length = 0;
  errors = 0;
  failures.clear();
  measuredFrom = Date.now();
  heapSnapshots('after warm-up');
  const memStart = dashboardsRss();
  let memPeak = memStart;
  s.pids.dashboards.forEach((pid, i) =>
    lives.push({ instance: i, label: `instance ${i + 1}`, pid, samples: [], heap: [], skip: 0, ended: false }),
  );
  let seconds = 0;
  fullCollections(); // those of the warm-up: not counted
  const sampler = setInterval(() => {
    const now = dashboardsRss();
    memPeak = Math.max(memPeak, now);
    for (const life of lives) {
      const rss = life.ended ? 0 : rssBytes(life.pid);
      if (rss > 0) life.samples.push(rss);
    }
    for (const gc of fullCollections()) {
      const life = lives.find((l) => l.pid === gc.pid);
      life?.heap.push({ at: life.samples.length, mb: gc.mb });
    }
    if (++seconds % 10 === 0)
      say(
        `${seconds} s: dashboard ${Math.round(now / 2 ** 20)} MB, ${requests} requests, ${inFlight.size} in flight, ${errors} errors`,
      );
  }, 1000);
  const started = Date.now();
  const faultRows: BenchResult[] = [];
  const faults = async () => {
    await sleep(started + (SECONDS * 1000) / 3 - Date.now());
    // 1. Instance 2 killed, as a crash would: no goodbye to nginx, Redis or its requests.
    atKill = new Set(inFlight);
    during = 'instance 2 down';
    const killedAt = Date.now();
    lives.find((l) => l.instance === KILLED && !l.ended)!.ended = true;
    await s.kill(KILLED, 'SIGKILL');
    say(`instance 2 killed with ${atKill.size} requests in flight`);
    await sleep(DOWN_SECONDS * 1000);
    await s.restart(KILLED);
    const downMs = Date.now() - killedAt;
    during = null;
    lives.push({
      instance: KILLED,
      label: 'instance 2 after its restart',
      pid: s.pids.dashboards[KILLED]!,
      samples: [],
      heap: [],
      skip: WARMUP_SECONDS,
      ended: false,
    });
    const { n: afterKill, other: afterKillOther } = await sessionsConnected(cookies);
    say(
      `instance 2 answers again after ${round(downMs / 1000, 1)} s; ${afterKill} of ${USERS} sessions read ${afterKillOther}`,
    );
    faultRows.push(
      reported('', 'instance 2 down (killed to answering again)', round(downMs / 1000, 1), 's', {
        detail: `SIGKILL, ${DOWN_SECONDS} s down, then started on its port`,
      }),
      row('failed in flight at the kill', killFailed, 'requests', 'reported', true, {
        detail: `of ${atKill.size} in flight on either instance; nginx passes on those instance 2 had not begun to answer`,
      }),
      row('sessions connected after the instance restart', afterKill, 'sessions', `all ${USERS}`, afterKill === USERS, {
        detail: `each cookie read ${EMPLOYEES.split('?')[0]} on every instance${afterKillOther ? `; not: ${afterKillOther}` : ''}`,
      }),
    );

    await sleep(started + (SECONDS * 2000) / 3 - Date.now());
    // 2. Redis stopped and started again (its append-only file kept).
    const refusedCookie = await disconnectedCookie();
    const refusedBefore = await Promise.all(s.dashboards.map((d) => readStatus(d, refusedCookie)));
    const probe = `rooster-bench:probe:${Date.now()}`;
    await redisSet(probe, 'written before the restart');
    const snapshotAt = Date.now();
    const before = await redisKeys();
    during = 'Redis restart';
    const stoppedAt = Date.now();
    await s.redis!.restart();
    const redisMs = Date.now() - stoppedAt;
    const ready = await allReady();
    during = null;
    const gone = Date.now() - snapshotAt + 1000;
    /**
     * Keys that had time left to outlive the restart (a rate-limit window may end on its own). The
     * read slots (`rooster:slots:`) are left out: each finished read takes its member out, and the
     * last one the set with it, so they come and go by the second whatever Redis does.
     */
    const lasting = [...before]
      .filter(([k, left]) => !k.startsWith('rooster:slots:') && (left === -1 || left > gone))
      .map(([k]) => k);
    const kept = await redisHas(lasting);
    const lost = lasting.filter((k) => !kept.has(k));
    const probeKept = (await redisGet(probe)) === 'written before the restart';
    const refusedAfter = await Promise.all(s.dashboards.map((d) => readStatus(d, refusedCookie)));
    const { n: afterRedis, other: afterRedisOther } = await sessionsConnected(cookies);
    say(
      `Redis restarted in ${redisMs} ms (instances ${ready.ms === null ? `not all ready after 30 s: ${ready.statuses.join(', ')}` : `ready ${ready.ms} ms later`}): ${kept.size} of ${lasting.length} keys kept; ` +
        `${afterRedis} of ${USERS} sessions read ${afterRedisOther}; the disconnected one: ${refusedBefore.join(',')} before, ${refusedAfter.join(',')} after`,
    );
    const kinds = [...new Set(lasting.map((k) => k.split(':')[0]))].sort().join(', ');
    faultRows.push(
      row('Redis down (stopped to ready again)', redisMs, 'ms', 'every instance ready within 30 s', ready.ms !== null, {
        detail: `SIGTERM, started on its port; ${ready.ms === null ? `/api/ready after 30 s: ${ready.statuses.join(', ')}` : `every instance ready ${ready.ms} ms later`}`,
      }),
      row('Redis keys kept across its restart', kept.size, 'keys', 'all', lost.length === 0 && probeKept, {
        baseline: 'before',
        baselineValue: lasting.length,
        ratio: lasting.length ? round(kept.size / lasting.length, 3) : null,
        detail: `append-only file; ${kinds || 'none'} (read slots left out: they change with every read); the bench's own probe key ${probeKept ? 'read back' : 'LOST'}${lost.length ? `; lost ${lost.slice(0, 5).join(' ')}` : ''}`,
      }),
      row(
        'a disconnected session stays refused after the Redis restart',
        refusedAfter.filter((st) => st === 401).length,
        'instances',
        `refused by all ${INSTANCES}`,
        refusedAfter.every((st) => st === 401) && refusedBefore.every((st) => st === 401),
        { detail: `its old cookie: ${refusedBefore.join(', ')} before, ${refusedAfter.join(', ')} after` },
      ),
      row('sessions connected after the Redis restart', afterRedis, 'sessions', `all ${USERS}`, afterRedis === USERS, {
        detail: `each cookie read ${EMPLOYEES.split('?')[0]} on every instance${afterRedisOther ? `; not: ${afterRedisOther}` : ''}`,
      }),
    );
  };
  await Promise.all([...cookies.map((c) => user(c, started + SECONDS * 1000)), FAULTS ? faults() : null]);
  clearInterval(sampler);
  heapSnapshots('at the end');
  const memEnd = dashboardsRss();
  const p99 = percentile(latencies, 99);
  // The heap saws up and down between collections; compare the average of the first and the last
  // minute rather than two single moments.
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const growthOf = (xs: number[]) => {
    const minute = Math.min(60, Math.floor(xs.length / 2));
    const first = mean(xs.slice(0, minute));
    const last = mean(xs.slice(-minute));
    return { first, last, growth: (last - first) / first, seconds: xs.length };
  };
  const name = `load, ${USERS} users for ${SECONDS} s${INSTANCES > 1 ? `, ${INSTANCES} instances + nginx + Redis` : ''}${FAULTS ? ', faults' : ''}`;
  // A new run of the same set-up (instances) replaces every earlier row of it, whatever its length.
  const group = `load-${INSTANCES}`;
  const errorDetail = listed(failures).slice(0, 300);
  const killDetail = listed(killFailures);
  const rows: BenchResult[] = [
    reported(name, 'requests', requests - warmRequests, 'requests'),
    row('errors', errors, 'requests', 'zero', errors === 0, {
      ...(FAULTS ? { metric: 'errors (other than in flight at the kill)' } : {}),
      ...(errorDetail ? { detail: errorDetail } : {}),
    }),
    ...faultRows.map((r) =>
      r.metric === 'failed in flight at the kill' && killDetail ? { ...r, detail: `${r.detail}: ${killDetail}` } : r,
    ),
  ];
  for (const life of lives) {
    const g = growthOf(life.samples.slice(life.skip));
    const one = lives.length === 1;
    const span =
      life.label === 'instance 2 after its restart'
        ? `from ${life.skip} s after its restart to the end, ${g.seconds} s: `
        : life.ended
          ? `from the warm-up to the kill, ${g.seconds} s: `
          : one
            ? ''
            : `${g.seconds} s: `;
    rows.push(
      row(
        `${one ? 'dashboard' : life.label} memory growth after warm-up`,
        round(g.growth * 100, 1),
        '%',
        `at most ${GROWTH_GOAL * 100}%`,
        g.growth <= GROWTH_GOAL,
        {
          detail: `${span}first minute's average ${round(g.first / 2 ** 20, 0)} MB to last minute's ${round(g.last / 2 ** 20, 0)} MB`,
        },
      ),
    );
    // The live heap over the same span: a leak grows it; the resident memory also saws with it.
    const end = life.samples.length;
    const heapFirst = life.heap.filter((h) => h.at >= life.skip && h.at < life.skip + 60).map((h) => h.mb);
    const heapLast = life.heap.filter((h) => h.at >= Math.max(life.skip + 60, end - 60)).map((h) => h.mb);
    if (heapFirst.length > 0 && heapLast.length > 0)
      rows.push(
        reported(
          '',
          `${one ? 'dashboard' : life.label} live heap growth after warm-up`,
          round(((mean(heapLast) - mean(heapFirst)) / mean(heapFirst)) * 100, 1),
          '%',
          {
            detail: `after each full collection: first minute's average ${round(mean(heapFirst), 1)} MB (${heapFirst.length}) to last minute's ${round(mean(heapLast), 1)} MB (${heapLast.length})`,
          },
        ),
      );
  }
  rows.push(
    reported(name, 'dashboard memory after warm-up / at the end', round(memEnd / 2 ** 20, 0), 'MB', {
      baseline: 'after warm-up',
      baselineValue: round(memStart / 2 ** 20, 0),
      ...(FAULTS ? { detail: 'all instances together; instance 2 restarted in between' } : {}),
    }),
    reported(name, 'dashboard peak memory', round(memPeak / 2 ** 20, 0), 'MB'),
    reported(name, 'latency p50', round(median(latencies), 1), 'ms'),
    reported(name, 'latency p99', round(p99, 1), 'ms'),
  );
  record(rows.map((r) => ({ ...r, name, group })));
  clean = rows.every((r) => r.met);
} finally {
  if (failures.size > 0) say(`failures: ${listed(failures)}`);
  if (killFailures.size > 0) say(`failed in flight at the kill: ${listed(killFailures)}`);
  const nginxSaid = s.balancerErrors();
  if (nginxSaid.length > 0) say(`nginx's error log: ${nginxSaid.join('; ')}`);
  await s.stop();
  // A run that missed a goal or broke off keeps what the dashboards printed (their warnings and
  // --trace-gc), to see what happened.
  if (clean) rmSync(gcDir, { recursive: true, force: true });
  else say(`the dashboards' output is kept in ${gcDir}`);
}
