import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { median, record, round, type BenchResult } from './lib/results';
import { connectSession, startStack, type Stack } from './lib/stack';

// Onderwijstijd (issue 48) for every klas over a school year at scale 1 (the fixed school's
// 2026-2027, 24 August to 9 July, 45 lesson weeks): GET /api/onderwijstijd/groups against the
// year's appointments with the fields it needs, read through the proxy a week at a time, all at
// once as a browser would. A first visit needs nothing kept, so each is taken on a stack of its own
// with an empty state store (RUNS of them, medians): the portal warmed by one read of the year, the
// first visit, the reads again (the baseline, right after), the second visit. Each turn is a new
// session: a session reads at most 160 weeks a minute (WEEK_READS_PER_MINUTE) and a year is 46, so a
// session of its own per turn keeps any turn from waiting on another's share, without pauses.
// Then over the opleiding (GET /api/onderwijstijd/cumulative): the earlier school year's reads
// through the proxy warmed, the first visit (this year kept, the earlier year read whole), the
// earlier year's reads again (its baseline), the second visit (against both years' reads).

const YEAR = { from: '2026-08-24', to: '2027-07-09' };
/** The school year before, its lesson weeks (sandbox/school/earlier-year.ts). */
const EARLIER_YEAR = { from: '2025-08-25', to: '2026-07-10' };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
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

type Answer = {
  data: { students: number }[];
  meta: {
    appointments: number;
    durationMs: number;
    viaGroups: number;
    weeksKept: number;
    weeksRead: number;
    readsParsed: { thread: number; here: number };
  };
};

type OverAnswer = {
  data: { students: number }[];
  meta: {
    schoolYears: number[];
    earlier: { schoolYear: number; appointments: number; students: number }[];
    durationMs: number;
  };
};

interface Turns {
  reads: number;
  first: { ms: number; answer: Answer };
  proxied: number;
  again: { ms: number; answer: Answer };
  /** Over the opleiding: after the year's visits (this year kept), the earlier year read whole; then again. */
  over: { first: { ms: number; answer: OverAnswer }; again: number; earlierProxied: number; cold: number };
}

/** The earlier school year's projects (2025-2026), as the partner's rights list them. */
async function earlierProjects(s: Stack): Promise<string> {
  const me = (await (
    await fetch(`${s.sandbox}/api/partners/~me`, { headers: { authorization: `Bearer ${s.token}` } })
  ).json()) as { response: { data: { schoolInSchoolYears: { id: number; schoolYear: number }[] }[] } };
  return me.response.data[0]!.schoolInSchoolYears.filter((p) => p.schoolYear === 2025)
    .map((p) => p.id)
    .join(',');
}

/**
 * A partner of the same portal whose rights cannot ask what changed (no `modifiedSince` filter on
 * appointments): Rooster keeps nothing of the years it counts, so a visit of its warms the server's
 * code as a running server's is, and leaves the first visit nothing to find.
 */
async function partnerKeepingNothing(s: Stack): Promise<string> {
  const me = (await (
    await fetch(`${s.sandbox}/api/partners/~me`, { headers: { authorization: `Bearer ${s.token}` } })
  ).json()) as {
    response: {
      data: {
        endpoints: { endpoint: string; readFields: string[]; filterFields: string[] }[];
        schoolInSchoolYears: { id: number }[];
      }[];
    };
  };
  const partner = me.response.data[0]!;
  const endpoints = Object.fromEntries(
    partner.endpoints.map(({ endpoint, readFields, filterFields }) => [
      endpoint,
      {
        readFields,
        filterFields: endpoint === 'appointments' ? filterFields.filter((f) => f !== 'modifiedSince') : filterFields,
      },
    ]),
  );
  const res = await fetch(`${s.sandbox}/admin/partners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench warm-up',
      endpoints,
      schoolInSchoolYears: partner.schoolInSchoolYears.map((p) => p.id),
    }),
  });
  if (res.status !== 201) throw new Error(`warm-up partner: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * One stack's turns: the portal and the server warmed, the first visit, the year's reads through the
 * proxy, the second visit.
 */
async function yearTurns(s: Stack): Promise<Turns> {
  const session = async (partner = 'demo'): Promise<Headers> => ({
    cookie: (await connectSession(s.dashboard, s.sandbox, partner)).cookie,
    'x-rooster-client': '1',
  });
  const zone = 'Europe/Amsterdam';
  const api = `${s.dashboard}/api/onderwijstijd/groups?${new URLSearchParams(YEAR)}`;
  const overApi = `${s.dashboard}/api/onderwijstijd/cumulative?${new URLSearchParams(YEAR)}`;
  /** A year's weeks as reads through the proxy, a week a read. */
  const weekReads = (year: { from: string; to: string }, projects: string) => {
    const start = DateTime.fromISO(year.from, { zone });
    const end = DateTime.fromISO(year.to, { zone }).plus({ days: 1 });
    const urls: string[] = [];
    for (let w = start.startOf('week'); w < end; w = w.plus({ weeks: 1 }))
      urls.push(
        `${s.dashboard}/api/partner/appointments?${new URLSearchParams({
          schoolInSchoolYear: projects,
          fields: FIELDS,
          start: String(w.toUnixInteger()),
          end: String(w.plus({ weeks: 1 }).toUnixInteger()),
          includeHidden: 'true',
        })}`,
      );
    return urls;
  };
  const reads = weekReads(YEAR, s.projects);
  const earlierReads = weekReads(EARLIER_YEAR, await earlierProjects(s));
  const together = async (headers: Headers, urls = reads) => {
    const started = performance.now();
    await Promise.all(urls.map((u) => timed(u, headers)));
    return performance.now() - started;
  };
  const visitor = await session();
  // The route's code loaded first (a period it refuses: nothing read, nothing kept), so the first
  // visit measures the reading and counting, not the server compiling the route.
  const warm = await fetch(`${s.dashboard}/api/onderwijstijd/groups?from=not-a-date`, { headers: visitor });
  if (warm.status !== 400) throw new Error(`warm-up: ${warm.status}`);
  await warm.text();
  // The portal warm, as a school's is: the year read once through the proxy first (not counted), so
  // the first visit is not also the sandbox's first run of its code, which the reads after it are not.
  await together(await session());
  // The server warm, as a running one's is: the year counted once for a partner whose weeks are not
  // kept (nothing of it is found by the first visit: it reads and counts the whole year again).
  const keepsNothing = await partnerKeepingNothing(s);
  const warmed = JSON.parse((await timed(api, await session(keepsNothing))).body) as Answer;
  if (warmed.meta.weeksKept !== 0) throw new Error('the warm-up visit found weeks kept');
  const first = await timed(api, visitor);
  if (JSON.parse(first.body).meta.weeksKept !== 0) throw new Error('the first visit found weeks kept');
  const proxied = await together(await session());
  const again = await timed(api, visitor);
  // Over the opleiding: this year kept by the visits above, the earlier year read whole; then again.
  // The earlier year's reads through the proxy are read warm first, as this year's are.
  await together(await session(), earlierReads);
  const overFirst = await timed(overApi, visitor);
  const earlierProxied = await together(await session(), earlierReads);
  const overAgain = await timed(overApi, visitor);
  // Both years from nothing, as a first visit of the page reads them: the partner whose reads cannot
  // be kept (no `modifiedSince`) finds nothing kept, so this visit reads and counts both years whole.
  const cold = await timed(overApi, await session(keepsNothing));
  if (JSON.parse(cold.body).meta.schoolYears.length !== 2) throw new Error('the cold visit did not count two years');
  return {
    reads: reads.length,
    first: { ms: first.ms, answer: JSON.parse(first.body) as Answer },
    proxied,
    again: { ms: again.ms, answer: JSON.parse(again.body) as Answer },
    over: {
      first: { ms: overFirst.ms, answer: JSON.parse(overFirst.body) as OverAnswer },
      again: overAgain.ms,
      earlierProxied,
      cold: cold.ms,
    },
  };
}

function rows(turns: Turns[]): BenchResult[] {
  const baseMs = median(turns.map((t) => t.proxied));
  const { answer } = turns[0]!.first;
  const reads = turns[0]!.reads;
  const name = `onderwijstijd, every klas over a school year ${YEAR.from} to ${YEAR.to} (scale 1)`;
  const what = `${reads} weeks, ${answer.meta.appointments} versions, ${answer.data.length} klassen, ${answer.data.reduce((n, r) => n + r.students, 0)} students, ${answer.meta.viaGroups} versions by the groups rule`;
  const each = (ms: number[]) => ms.map((m) => round(m)).join(', ');
  process.stdout.write(
    `${name}: first visits ${each(turns.map((t) => t.first.ms))} ms, again ${each(turns.map((t) => t.again.ms))} ms; its ${reads} reads through the proxy at once ${each(turns.map((t) => t.proxied))} ms; ${what}\n`,
  );
  const row = (metric: string, ms: number[], goal: number, meta: Answer['meta'], how: string): BenchResult => ({
    name,
    metric,
    value: round(median(ms), 1),
    unit: 'ms',
    baseline: `the year's appointments with its fields through the proxy, a week a read, at once`,
    baselineValue: round(baseMs, 1),
    ratio: round(median(ms) / baseMs, 3),
    goal: `at most ${goal}× the reads`,
    met: median(ms) <= baseMs * goal,
    detail: `median of ${turns.length}, ${how} (${each(ms)} ms; the reads ${each(turns.map((t) => t.proxied))} ms); ${what}; ${meta.weeksRead} weeks read whole (${meta.readsParsed.thread} reads parsed on the parsing thread, ${meta.readsParsed.here} on the server's own), ${meta.weeksKept} kept and checked; server's own ${meta.durationMs} ms`,
    group: 'onderwijstijd',
  });
  const over = turns.map((t) => t.over);
  const o = over[0]!.first.answer.meta;
  const overWhat = `school years ${o.schoolYears.join(' and ')}; the earlier year ${o.earlier.map((e) => `${e.appointments} versions, ${e.students} students`).join('; ')}`;
  /** What a figure over the opleiding is held to: reads through the proxy in the same turns. */
  const bothYears = {
    reads: turns.map((t) => t.over.earlierProxied + t.proxied),
    baseline: `both years' appointments with the same fields through the proxy (this year's reads + the earlier year's)`,
  };
  const earlierYear = {
    reads: over.map((x) => x.earlierProxied),
    baseline: `the earlier year's appointments with the same fields through the proxy, a week a read, at once`,
  };
  const overRow = (
    metric: string,
    ms: number[],
    against: { reads: number[]; baseline: string },
    goal: number,
    how: string,
  ): BenchResult => {
    const base = median(against.reads);
    return {
      name: `onderwijstijd over the opleiding, every klas (scale 1)`,
      metric,
      value: round(median(ms), 1),
      unit: 'ms',
      baseline: against.baseline,
      baselineValue: round(base, 1),
      ratio: round(median(ms) / base, 3),
      goal: `at most ${goal}× the reads`,
      met: median(ms) <= base * goal,
      detail: `median of ${turns.length}, ${how} (${each(ms)} ms; the reads ${each(against.reads)} ms); ${overWhat}`,
      group: 'onderwijstijd',
    };
  };
  process.stdout.write(
    `over the opleiding: from nothing ${each(over.map((x) => x.cold))} ms, first ${each(over.map((x) => x.first.ms))} ms, again ${each(over.map((x) => x.again))} ms; the earlier year's ${EARLIER_YEAR.from}–${EARLIER_YEAR.to} reads ${each(earlierYear.reads)} ms; ${overWhat}\n`,
  );
  return [
    overRow(
      'first visit, both years from nothing (this year and the earlier one read whole)',
      over.map((x) => x.cold),
      bothYears,
      1.5,
      "each by a partner whose reads cannot be kept, after its stack's other visits",
    ),
    overRow(
      'first visit after the year’s (this year kept, the earlier year read whole)',
      over.map((x) => x.first.ms),
      earlierYear,
      1.5,
      "each after its stack's visits of this year",
    ),
    overRow(
      'second visit (both years kept as sums, each asked what changed)',
      over.map((x) => x.again),
      bothYears,
      0.3,
      'each right after the first',
    ),
    row(
      'first visit',
      turns.map((t) => t.first.ms),
      1.5,
      answer.meta,
      'each on a stack of its own with nothing kept',
    ),
    row(
      'second visit (weeks kept as sums, each asked what changed)',
      turns.map((t) => t.again.ms),
      0.3,
      turns[0]!.again.answer.meta,
      "each after its stack's first visit",
    ),
  ];
}

export async function benchOnderwijstijd(ports = { sandboxPort: 4290, dashboardPort: 3290 }): Promise<BenchResult[]> {
  const turns: Turns[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A state store of its own, empty: the first visit finds nothing kept by an earlier one.
    const stateDir = mkdtempSync(join(tmpdir(), 'rooster-bench-onderwijstijd-'));
    const stack = await startStack({ ...ports, stateDir });
    try {
      turns.push(await yearTurns(stack));
    } finally {
      await stack.stop();
      rmSync(stateDir, { recursive: true, force: true });
    }
  }
  return rows(turns);
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchOnderwijstijd());
