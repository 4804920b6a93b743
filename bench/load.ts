import { weekWindow, addWeeks } from '../lib/partner-api/values';
import { GRID_FIELDS } from '../lib/timetable/fields';
import { rssBytes } from './lib/cpu';
import { median, percentile, record, reported, round } from './lib/results';
import { startStack } from './lib/stack';

// Load: USERS simulated people browsing the timetable and the tables for SECONDS against the
// sandbox, each with their own session; zero errors expected, the dashboard's memory stable
// (growth at most 10% from the first minute after a warm-up to the last), latencies reported.
// Bounded in time (LOAD_WARMUP_SECONDS + LOAD_SECONDS) and in requests. Loopback only; the ports
// are LOAD_PORT and LOAD_SANDBOX_PORT. LOAD_HEAP_SNAPSHOTS=1 starts the dashboards with
// --heapsnapshot-signal and has each write a heap snapshot (into this folder) after the warm-up
// and at the end, to compare what grew.

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 60);
const MAX_REQUESTS = 200_000;
/** `--instances 2` (or LOAD_INSTANCES=2): two dashboard instances on one Redis, every request to the next (a load balancer). */
const argInstances = process.argv.indexOf('--instances');
const INSTANCES = Number(argInstances !== -1 ? process.argv[argInstances + 1] : (process.env.LOAD_INSTANCES ?? 1));

const HEAP_SNAPSHOTS = process.env.LOAD_HEAP_SNAPSHOTS === '1';
/** The memory goal: growth from the first to the last minute after warm-up. */
const GROWTH_GOAL = 0.1;

if (HEAP_SNAPSHOTS) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2`.trim();
const s = await startStack({
  instances: INSTANCES,
  dashboardPort: Number(process.env.LOAD_PORT ?? 3210),
  sandboxPort: Number(process.env.LOAD_SANDBOX_PORT ?? 4210),
});
/** Asks every dashboard for a heap snapshot (written synchronously, so the process pauses a while). */
function heapSnapshots(moment: string) {
  if (!HEAP_SNAPSHOTS) return;
  for (const pid of s.pids.dashboards) process.kill(pid, 'SIGUSR2');
  process.stdout.write(`  heap snapshots asked for (${moment}): Heap.*.heapsnapshot in the project folder\n`);
}
/** The dashboards' memory together (one process, or every instance). */
const dashboardsRss = () => s.pids.dashboards.reduce((sum, pid) => sum + rssBytes(pid), 0);
const latencies: number[] = [];
let errors = 0;
let requests = 0;
const failures = new Map<string, number>();

async function connectUser(i: number): Promise<string> {
  const dashboard = s.dashboards[i % s.dashboards.length]!;
  const code = (
    (await (await fetch(`${s.sandbox}/admin/partners/demo/codes`, { method: 'POST' })).json()) as { code: string }
  ).code;
  const res = await fetch(`${dashboard}/api/connections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-rooster-client': '1', origin: dashboard },
    body: JSON.stringify({ method: 'code', portalUrl: `${s.sandbox}/api`, code }),
  });
  if (res.status !== 201) throw new Error(`connect: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

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
    { path: '/api/partner/employees?fields=userCode,firstName,prefix,lastName', api: true },
    {
      path: `/api/partner/employeeabsences?fields=id,employee,start,end,absenceTypeCode&startDate=2026-11-01&endDate=2026-11-30`,
      api: true,
    },
    { path: '/rights', api: false },
  ];
}

async function user(cookie: string, until: number) {
  while (Date.now() < until && requests < MAX_REQUESTS) {
    const all = actions();
    const action = all[Math.floor(Math.random() * all.length)]!;
    const t0 = performance.now();
    requests++;
    try {
      const res = await fetch(`${s.dashboards[requests % s.dashboards.length]}${action.path}`, {
        headers: { cookie, ...(action.api ? { 'x-rooster-client': '1' } : {}) },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.status >= 400) {
        errors++;
        failures.set(
          `${res.status} ${action.path.split('?')[0]}`,
          (failures.get(`${res.status} ${action.path.split('?')[0]}`) ?? 0) + 1,
        );
      }
    } catch (error) {
      errors++;
      failures.set(String((error as Error).name), (failures.get(String((error as Error).name)) ?? 0) + 1);
    }
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200)); // think time
  }
}

try {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await connectUser(i));
  // Warm-up (not measured): a minute of the same load, so the server's heap reaches its working
  // size; "stable" then means no growth from there to the end.
  await Promise.all(cookies.map((c) => user(c, Date.now() + WARMUP_SECONDS * 1000)));
  const warmRequests = requests;
  latencies.length = 0;
  errors = 0;
  failures.clear();
  heapSnapshots('after warm-up');
  const memStart = dashboardsRss();
  let memPeak = memStart;
  const samples: number[] = [];
  /** Each instance's memory, a sample a second (the goal holds per instance). */
  const perInstance: number[][] = s.pids.dashboards.map(() => []);
  const sampler = setInterval(() => {
    const now = dashboardsRss();
    memPeak = Math.max(memPeak, now);
    samples.push(now);
    s.pids.dashboards.forEach((pid, i) => perInstance[i]!.push(rssBytes(pid)));
    if (samples.length % 10 === 0)
      process.stdout.write(`  ${samples.length} s: dashboard ${Math.round(now / 2 ** 20)} MB, ${requests} requests\n`);
  }, 1000);
  const started = Date.now();
  await Promise.all(cookies.map((c) => user(c, started + SECONDS * 1000)));
  clearInterval(sampler);
  heapSnapshots('at the end');
  const memEnd = dashboardsRss();
  const p99 = percentile(latencies, 99);
  // The heap saws up and down between collections; compare the average of the first and the last
  // minute rather than two single moments.
  const minute = Math.min(60, Math.floor(samples.length / 2));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const first = mean(samples.slice(0, minute));
  const last = mean(samples.slice(-minute));
  const growth = (last - first) / first;
  const instanceGrowth = perInstance.map((xs) => {
    const a = mean(xs.slice(0, minute));
    const b = mean(xs.slice(-minute));
    return { first: a, last: b, growth: (b - a) / a };
  });
  const name = `load, ${USERS} users for ${SECONDS} s${INSTANCES > 1 ? `, ${INSTANCES} instances + Redis` : ''}`;
  // A new run of the same set-up (instances) replaces every earlier row of it, whatever its length.
  const group = `load-${INSTANCES}`;
  record(
    [
      reported(name, 'requests', requests - warmRequests, 'requests'),
      {
        name,
        metric: 'errors',
        value: errors,
        unit: 'requests',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: 'zero',
        met: errors === 0,
      },
      {
        name,
        metric: 'dashboard memory growth after warm-up',
        detail: `first minute's average ${round(first / 2 ** 20, 0)} MB to last minute's ${round(last / 2 ** 20, 0)} MB`,
        value: round(growth * 100, 1),
        unit: '%',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: `at most ${GROWTH_GOAL * 100}%`,
        met: growth <= GROWTH_GOAL,
      },
      {
        name,
        metric: 'dashboard memory after warm-up / at the end',
        value: round(memEnd / 2 ** 20, 0),
        unit: 'MB',
        baseline: 'after warm-up',
        baselineValue: round(memStart / 2 ** 20, 0),
        ratio: null,
        goal: 'reported',
        met: true,
      },
      ...(INSTANCES > 1
        ? instanceGrowth.map((g, i) => ({
            name,
            metric: `instance ${i + 1} memory growth after warm-up`,
            detail: `first minute's average ${round(g.first / 2 ** 20, 0)} MB to last minute's ${round(g.last / 2 ** 20, 0)} MB`,
            value: round(g.growth * 100, 1),
            unit: '%',
            baseline: null,
            baselineValue: null,
            ratio: null,
            goal: `at most ${GROWTH_GOAL * 100}%`,
            met: g.growth <= GROWTH_GOAL,
          }))
        : []),
      reported(name, 'dashboard peak memory', round(memPeak / 2 ** 20, 0), 'MB'),
      reported(name, 'latency p50', round(median(latencies), 1), 'ms'),
      reported(name, 'latency p99', round(p99, 1), 'ms'),
    ].map((row) => ({ ...row, group })),
  );
  if (failures.size > 0) process.stdout.write(`failures: ${JSON.stringify(Object.fromEntries(failures))}\n`);
} finally {
  await s.stop();
}
