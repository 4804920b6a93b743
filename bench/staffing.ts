import { watchProgress } from './lib/progress';
import { median, record, round, type BenchResult } from './lib/results';
import { wholeSchoolWeek } from './lib/week-query';
import { startStack, type Stack } from './lib/stack';

// The teacher load table (GET /api/staffing/teachers) for a whole-school week against reading
// that week through the proxy, as the browser would have to without the server's table: time to
// the last byte and bytes to the browser, at scales 1 and 4. Both are warmed up alike (a server in
// use has its code compiled: after one request the table's code was still cold, 35 ms for its first
// ten runs and 25–30 ms after), then measured in alternating turns, so a busy moment of the machine
// falls on both; medians. Then the school year to date as a range, with its progress polled as it runs.

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARM_UP = 10;

async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - started, bytes };
}

type Timed = { ms: number; bytes: number };

/** Each URL's median time and its bytes, the URLs taking turns. */
async function mediansOf<const U extends string[]>(urls: U, headers: Record<string, string>) {
  for (let i = 0; i < WARM_UP; i++) for (const url of urls) await timed(url, headers);
  const runs = urls.map(() => [] as { ms: number; bytes: number }[]);
  for (let i = 0; i < RUNS; i++) for (const [k, url] of urls.entries()) runs[k]!.push(await timed(url, headers));
  return runs.map((r) => ({ ms: median(r.map((x) => x.ms)), bytes: r[0]!.bytes })) as { [K in keyof U]: Timed };
}

async function weekAt(s: Stack, scale: number): Promise<BenchResult[]> {
  const headers = { cookie: s.cookie, 'x-rooster-client': '1' };
  const read = wholeSchoolWeek(s.projects);
  const table = new URLSearchParams({ week: '2026-W47', schoolInSchoolYear: s.projects });
  const [proxied, teachers] = await mediansOf(
    [`${s.dashboard}/api/partner/appointments?${read}`, `${s.dashboard}/api/staffing/teachers?${table}`],
    headers,
  );
  const name = `teacher load table, whole-school week 47 (scale ${scale})`;
  process.stdout.write(
    `${name}: ${round(teachers.ms, 1)} ms, ${teachers.bytes} B; the week through the proxy ${round(proxied.ms, 1)} ms, ${proxied.bytes} B\n`,
  );
  return [
    {
      name,
      metric: 'server time (to the last byte)',
      value: round(teachers.ms, 1),
      unit: 'ms',
      baseline: 'the week read through the proxy',
      baselineValue: round(proxied.ms, 1),
      ratio: round(teachers.ms / proxied.ms, 3),
      goal: 'at most 1.2× the read',
      met: teachers.ms <= proxied.ms * 1.2,
      group: 'staffing',
    },
    {
      name,
      metric: 'bytes to the browser',
      value: teachers.bytes,
      unit: 'B',
      baseline: 'the week read through the proxy',
      baselineValue: proxied.bytes,
      ratio: round(teachers.bytes / proxied.bytes, 4),
      goal: 'at most 5% of the read',
      met: teachers.bytes <= proxied.bytes * 0.05,
      group: 'staffing',
    },
  ];
}

/** The school year to date, read a week at a time; progress polled while it runs. */
async function schoolYear(s: Stack): Promise<BenchResult[]> {
  const headers = { cookie: s.cookie, 'x-rooster-client': '1' };
  const progress = 'bench-staffing-range';
  const query = new URLSearchParams({ from: '2026-08-01', to: '2026-11-20', schoolInSchoolYear: s.projects, progress });
  const watch = watchProgress(s.dashboard, progress, headers);
  const started = performance.now();
  const res = await fetch(`${s.dashboard}/api/staffing/teachers?${query}`, { headers });
  const body = (await res.json()) as { data: unknown[]; meta: { weeks: string[]; skipped?: string[] } };
  const ms = performance.now() - started;
  const seen = await watch.stop();
  const weeks = body.meta.weeks.length + (body.meta.skipped?.length ?? 0);
  process.stdout.write(
    `school year to date: ${weeks} weeks (${body.meta.skipped?.length ?? 0} without lessons) in ${round(ms)} ms; progress seen: ${[...seen].join(' ')}\n`,
  );
  return [
    {
      name: `teacher load table, school year to date (${weeks} weeks, scale 1)`,
      metric: 'time with progress',
      value: round(ms),
      unit: 'ms',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: 'progress reported while it runs (states seen)',
      met: res.status === 200 && seen.size >= 2,
      detail: `${seen.size} progress states seen, ${body.data.length} teachers`,
      group: 'staffing',
    },
  ];
}

/** `bigPorts`: where the scale-4 stack it starts listens (another run may hold the defaults). */
export async function benchStaffing(
  stack?: Stack,
  bigPorts = { sandboxPort: 4240, dashboardPort: 3240 },
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const first = stack ?? (await startStack({ sandboxPort: 4230, dashboardPort: 3230 }));
  try {
    results.push(...(await weekAt(first, 1)), ...(await schoolYear(first)));
  } finally {
    if (!stack) await first.stop();
  }
  const big = await startStack({ scale: 4, ...bigPorts });
  try {
    results.push(...(await weekAt(big, 4)));
  } finally {
    await big.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchStaffing());
