import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { median, record, round, type BenchResult } from './lib/results';
import { startStack, type Stack } from './lib/stack';

// Onderwijstijd (issue 48) for every klas over a school year at scale 1 (the fixed school's
// 2026-2027, 24 August to 9 July, 45 lesson weeks): GET /api/onderwijstijd/groups against the
// year's appointments with the fields it needs, read through the proxy a week at a time, all at
// once as a browser would; the first visit with nothing kept (the portal warm), then alternating turns
// a minute apart (the session's week budget), medians.

const YEAR = { from: '2026-08-24', to: '2027-07-09' };
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
/** A session reads at most 160 weeks a minute (WEEK_READS_PER_MINUTE); a year is 46: one turn a minute. */
const BUDGET_PAUSE_MS = 61_000;
const pause = () => new Promise((r) => setTimeout(r, BUDGET_PAUSE_MS));
const FIELDS =
  'id,appointmentInstance,start,end,type,groups,students,valid,hidden,cancelled,cancelledReason,lastModified';

type Headers = Record<string, string>;

async function timed(url: string, headers: Headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, body };
}

async function yearVisit(s: Stack): Promise<BenchResult[]> {
  const headers = { cookie: s.cookie, 'x-rooster-client': '1' };
  const zone = 'Europe/Amsterdam';
  const api = `${s.dashboard}/api/onderwijstijd/groups?${new URLSearchParams(YEAR)}`;
  const start = DateTime.fromISO(YEAR.from, { zone });
  const end = DateTime.fromISO(YEAR.to, { zone }).plus({ days: 1 });
  const reads: string[] = [];
  for (let w = start.startOf('week'); w < end; w = w.plus({ weeks: 1 }))
    reads.push(
      `${s.dashboard}/api/partner/appointments?${new URLSearchParams({
        schoolInSchoolYear: s.projects,
        fields: FIELDS,
        start: String(w.toUnixInteger()),
        end: String(w.plus({ weeks: 1 }).toUnixInteger()),
        includeHidden: 'true',
      })}`,
    );
  const together = async () => {
    const started = performance.now();
    await Promise.all(reads.map((u) => timed(u, headers)));
    return performance.now() - started;
  };
  // The route's code loaded first (a period it refuses: nothing read, nothing kept), so the first
  // visit measures the reading and counting, not the server compiling the route.
  const warm = await fetch(`${s.dashboard}/api/onderwijstijd/groups?from=not-a-date`, { headers });
  if (warm.status !== 400) throw new Error(`warm-up: ${warm.status}`);
  await warm.text();
  // The portal warm, as a school's is: the year read once through the proxy first (not counted), so
  // the first visit is not also the sandbox's first run of its code, which the reads after it are not.
  await together();
  await pause();
  // Each turn in a minute of its own, so neither waits on the other's share of the session's budget.
  const first = await timed(api, headers);
  const proxied: number[] = [];
  const again: number[] = [];
  let last = first.body;
  for (let i = 0; i < RUNS; i++) {
    await pause();
    proxied.push(await together());
    await pause();
    const visit = await timed(api, headers);
    again.push(visit.ms);
    last = visit.body;
  }
  type Answer = {
    data: { students: number }[];
    meta: { appointments: number; durationMs: number; viaGroups: number; weeksKept: number; weeksRead: number };
  };
  const answer = JSON.parse(first.body) as Answer;
  const second = JSON.parse(last) as Answer;
  const baseMs = median(proxied);
  const name = `onderwijstijd, every klas over a school year ${YEAR.from} to ${YEAR.to} (scale 1)`;
  const what = `${reads.length} weeks, ${answer.meta.appointments} versions, ${answer.data.length} klassen, ${answer.data.reduce((n, r) => n + r.students, 0)} students, ${answer.meta.viaGroups} versions by the groups rule`;
  process.stdout.write(
    `${name}: first visit ${round(first.ms)} ms, again ${round(median(again))} ms; its ${reads.length} reads through the proxy at once ${round(baseMs)} ms; ${what}\n`,
  );
  const row = (metric: string, ms: number, goal: number, meta: Answer['meta']): BenchResult => ({
    name,
    metric,
    value: round(ms, 1),
    unit: 'ms',
    baseline: `the year's appointments with its fields through the proxy, a week a read, at once`,
    baselineValue: round(baseMs, 1),
    ratio: round(ms / baseMs, 3),
    goal: `at most ${goal}× the reads`,
    met: ms <= baseMs * goal,
    detail: `${what}; ${meta.weeksRead} weeks read whole, ${meta.weeksKept} kept and checked; server's own ${meta.durationMs} ms`,
    group: 'onderwijstijd',
  });
  return [
    row('first visit', first.ms, 1.5, answer.meta),
    row('second visit (weeks kept as sums, each asked what changed)', median(again), 0.3, second.meta),
  ];
}

export async function benchOnderwijstijd(ports = { sandboxPort: 4290, dashboardPort: 3290 }): Promise<BenchResult[]> {
  // A state store of its own, empty: the first visit finds nothing kept by an earlier run.
  const stateDir = mkdtempSync(join(tmpdir(), 'rooster-bench-onderwijstijd-'));
  const stack = await startStack({ ...ports, stateDir });
  try {
    return await yearVisit(stack);
  } finally {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchOnderwijstijd());
