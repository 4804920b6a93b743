import { request } from 'node:http';
import { register } from 'node:module';
import autocannon from 'autocannon';
import { cpuSeconds, rssBytes } from './lib/cpu';
import { findNginx } from './lib/nginx';
import { startBareProxy, startNginx, type Peer } from './lib/peers';
import { median, record, round, type BenchResult } from './lib/results';
import { connectSession, startStack, type Stack } from './lib/stack';
import { wholeSchoolWeek } from './lib/week-query';

// 2. The proxy against its peers, in one run: the whole-school week straight from the sandbox,
// through a bare Node pass-through (the floor: one hop, the bearer header added), through nginx
// (Debian's, upstream keep-alive pool) and through Rooster's /api/partner/appointments. p50, p99,
// throughput and CPU per request of each proxy process, 8 at a time and one at a time, with and
// without `Accept-Encoding: gzip, br`, and Rooster's memory under 8 concurrent reads; at scale 1 and 4.

// FAIR_SHARE is server code ('server-only'): here that marker resolves as in React's server build.
register('./lib/server-only.mjs', import.meta.url);
const { FAIR_SHARE } = await import('../lib/partner-api/transport/sockets.server');

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Each target is measured this many times, the order of the targets reversed every other round, and
 * its figures are the rounds' medians: a target is not always the one measured after the others
 * (the sandbox warmed, the proxy idle for a minute), and one slow stretch on two shared cores does
 * not decide a ratio.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GZIP = { 'accept-encoding': 'gzip, br' };
const IDENTITY = { 'accept-encoding': 'identity' };

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The proxy's own process (CPU and memory), none for the sandbox read directly. */
  pid?: number;
  /** One session cookie per connection of the load, in turn (each reader a person of their own). */
  cookies?: string[];
}

interface Run {
  requests: number;
  p50: number;
  p99: number;
  rps: number;
  cpuMs: number | null;
  rssPeakMB: number | null;
  rssBaseMB: number | null;
}

/** The answer's size on the wire (compressed where the proxy compressed it). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    })
      .on('error', reject)
      .end();
  });
}

async function measure(t: Target, connections: number, encoding: Record<string, string>): Promise<Run> {
  const headers = { ...t.headers, ...encoding };
  let next = 0;
  const setupClient = t.cookies
    ? (client: autocannon.Client) => client.setHeaders({ ...headers, cookie: t.cookies![next++ % t.cookies!.length] })
    : undefined;
  await autocannon({ url: t.url, headers, connections, duration: 2, setupClient }); // warm-up, not counted
  const cpuBefore = t.pid ? cpuSeconds(t.pid) : 0;
  const rssBase = t.pid ? rssBytes(t.pid) : 0;
  let rssPeak = rssBase;
  const sampler = t.pid ? setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(t.pid!))), 100) : null;
  const run = await autocannon({ url: t.url, headers, connections, duration: DURATION, setupClient });
  if (sampler) clearInterval(sampler);
  if (run.non2xx || run.errors) throw new Error(`${t.name}: ${run.non2xx} non-2xx, ${run.errors} errors under load`);
  // A figure that measured nothing is no figure: the run fails with what the target answers now.
  if (run.requests.total === 0) {
    const now = await fetch(t.url, { headers, signal: AbortSignal.timeout(30_000) }).then(
      async (r) => `${r.status} ${(await r.text()).slice(0, 300)}`,
      (e: Error) => e.message,
    );
    throw new Error(
      `${t.name}: no request completed in ${DURATION} s at ${connections} at a time; now it answers ${now}`,
    );
  }
  return {
    requests: run.requests.total,
    p50: run.latency.p50,
    p99: run.latency.p99,
    rps: run.requests.average,
    cpuMs: t.pid ? ((cpuSeconds(t.pid) - cpuBefore) * 1000) / run.requests.total : null,
    rssPeakMB: t.pid ? round(rssPeak / 2 ** 20, 1) : null,
    rssBaseMB: t.pid ? round(rssBase / 2 ** 20, 1) : null,
  };
}

/**
 * The rounds of one target as one run: medians of latency and throughput, CPU over all requests,
 * and the memory of the round whose growth under load was the median.
 */
function mediansOf(all: Run[]): Run {
  const requests = all.reduce((n, r) => n + r.requests, 0);
  const cpuMs = all.every((r) => r.cpuMs !== null)
    ? all.reduce((ms, r) => ms + r.cpuMs! * r.requests, 0) / requests
    : null;
  const growth = (r: Run) => (r.rssPeakMB ?? 0) - (r.rssBaseMB ?? 0);
  const memory = [...all].sort((a, b) => growth(a) - growth(b))[Math.floor(all.length / 2)]!;
  return {
    requests,
    p50: median(all.map((r) => r.p50)),
    p99: median(all.map((r) => r.p99)),
    rps: median(all.map((r) => r.rps)),
    cpuMs,
    rssPeakMB: memory.rssPeakMB,
    rssBaseMB: memory.rssBaseMB,
  };
}

const row = (
  name: string,
  metric: string,
  value: number,
  unit: string,
  against: { name: string; value: number } | null,
  goal: string,
  met: boolean,
  detail?: string,
): BenchResult => ({
  name,
  metric,
  value: round(value, 2),
  unit,
  baseline: against?.name ?? null,
  baselineValue: against ? round(against.value, 2) : null,
  ratio: against ? round(value / against.value, 3) : null,
  goal,
  met,
  detail,
  group: 'proxy',
});

async function atScale(s: Stack, scale: number): Promise<BenchResult[]> {
  const query = wholeSchoolWeek(s.projects);
  const path = `/api/partner/appointments?${query}`;
  const bare = await startBareProxy(3290 + scale, s.sandbox, s.token);
  const nginxPath = findNginx();
  let nginx: Peer | null = null;
  if (nginxPath) nginx = await startNginx(nginxPath, 3280 + scale, s.sandbox, s.token);
  else process.stdout.write('nginx: not installed here (apt-get install nginx); its rows are left out\n');
  try {
    const direct: Target = {
      name: 'sandbox direct',
      url: `${s.sandbox}/api/appointments?${query}`,
      headers: { authorization: `Bearer ${s.token}` },
    };
    const peers: Target[] = [bare, ...(nginx ? [nginx] : [])].map((p) => ({
      name: p.name,
      url: `${p.origin}${path}`,
      headers: {},
      pid: p.pid,
    }));
    // Eight readers at once are eight people, each with their own session: one session's reads are
    // held to its fair share of the portal's sockets (FAIR_SHARE, 4), so eight reads of one session
    // would measure that queue, not the proxy.
    const people = [s.cookie];
    while (people.length < 8) people.push((await connectSession(s.dashboard, s.sandbox)).cookie);
    const rooster: Target = {
      name: 'Rooster',
      url: `${s.dashboard}${path}`,
      headers: { 'x-rooster-client': '1' },
      pid: s.pids.dashboard,
      cookies: people,
    };
    const oneSession: Target = { ...rooster, name: 'Rooster, one session', cookies: [s.cookie] };
    const rounds = new Map<string, Run[]>();
    const add = (key: string, run: Run) => rounds.set(key, [...(rounds.get(key) ?? []), run]);
    const targets = [direct, ...peers, rooster];
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of round % 2 === 0 ? targets : [...targets].reverse())
        for (const c of [8, 1]) add(`${t.name}|${c}`, await measure(t, c, IDENTITY));
      for (const t of round % 2 === 0 ? [peers[0]!, rooster] : [rooster, peers[0]!])
        add(`${t.name}|gzip`, await measure(t, 8, GZIP));
      add(`${oneSession.name}|8`, await measure(oneSession, 8, IDENTITY));
      process.stdout.write(`scale ${scale}: round ${round + 1} of ${ROUNDS} measured\n`);
    }
    const runs = new Map([...rounds].map(([key, all]) => [key, mediansOf(all)]));
    const gzip = new Map([peers[0]!, rooster].map((t) => [t.name, runs.get(`${t.name}|gzip`)!]));
    const bytes = {
      identity: await wireBytes(rooster.url, { ...rooster.headers, cookie: s.cookie, ...IDENTITY }),
      gzip: await wireBytes(rooster.url, { ...rooster.headers, cookie: s.cookie, ...GZIP }),
    };

    const name = (c: number) =>
      `proxy, whole-school week, scale ${scale}, ${c === 1 ? 'one at a time' : `${c} concurrent`}`;
    const out: BenchResult[] = [];
    for (const c of [8, 1]) {
      const floor = runs.get(`${bare.name}|${c}`)!;
      const d = runs.get(`${direct.name}|${c}`)!;
      for (const t of [...peers, rooster]) {
        const r = runs.get(`${t.name}|${c}`)!;
        const isRooster = t === rooster;
        out.push(
          row(
            name(c),
            `${t.name}: latency p50`,
            r.p50,
            'ms',
            isRooster ? { name: bare.name, value: floor.p50 } : { name: 'sandbox direct', value: d.p50 },
            isRooster ? 'at most 1.10× the bare pass-through' : 'reported',
            isRooster ? r.p50 <= floor.p50 * 1.1 : true,
          ),
          row(
            name(c),
            `${t.name}: latency p99`,
            r.p99,
            'ms',
            { name: 'sandbox direct', value: d.p99 },
            'reported',
            true,
          ),
          row(
            name(c),
            `${t.name}: throughput`,
            r.rps,
            'req/s',
            { name: 'sandbox direct', value: d.rps },
            'reported',
            true,
          ),
          row(
            name(c),
            `${t.name}: CPU per request`,
            r.cpuMs!,
            'ms',
            isRooster ? { name: bare.name, value: floor.cpuMs! } : null,
            isRooster ? 'at most 2× the bare pass-through' : 'reported',
            isRooster ? r.cpuMs! <= floor.cpuMs! * 2 : true,
          ),
        );
      }
    }
    const z = gzip.get('Rooster')!;
    const zBare = gzip.get(bare.name)!;
    out.push(
      row(
        name(8),
        'Rooster with gzip, br: latency p50',
        z.p50,
        'ms',
        { name: `${bare.name} with gzip, br`, value: zBare.p50 },
        'reported',
        true,
      ),
      row(
        name(8),
        'Rooster with gzip, br: CPU per request',
        z.cpuMs!,
        'ms',
        { name: 'Rooster without', value: runs.get('Rooster|8')!.cpuMs! },
        'reported',
        true,
      ),
      row(
        name(8),
        'Rooster with gzip, br: bytes per answer',
        bytes.gzip,
        'B',
        { name: 'without', value: bytes.identity },
        'reported',
        true,
      ),
    );
    const one = runs.get(`${oneSession.name}|8`)!;
    out.push(
      row(
        name(8),
        "Rooster, all eight reads one session's: latency p50",
        one.p50,
        'ms',
        { name: 'eight sessions', value: runs.get('Rooster|8')!.p50 },
        'reported',
        true,
        `one session holds at most ${FAIR_SHARE} of the portal's sockets; its other reads wait their turn (p99 ${one.p99} ms)`,
      ),
    );
    const r8 = runs.get('Rooster|8')!;
    const copies = ((r8.rssPeakMB! - r8.rssBaseMB!) * 2 ** 20) / (8 * bytes.identity);
    out.push(
      row(
        name(8),
        'Rooster: RSS peak under 8 concurrent reads',
        r8.rssPeakMB!,
        'MB',
        { name: 'before the run', value: r8.rssBaseMB! },
        'at most one copy of the answer per request in flight',
        copies <= 1,
        `${round(copies, 2)} answer copies per request in flight`,
      ),
    );
    return out;
  } finally {
    await bare.stop();
    await nginx?.stop();
  }
}

/** A group's week: the proxy reads the whole week upstream and sends the browser only the group's. */
async function groupView(s: Stack): Promise<BenchResult[]> {
  const headers = { cookie: s.cookie, 'x-rooster-client': '1', ...IDENTITY };
  const query = wholeSchoolWeek(s.projects);
  const wholeBytes = await wireBytes(`${s.dashboard}/api/partner/appointments?${query}`, headers);
  const groupQuery = new URLSearchParams(query);
  groupQuery.set('only', 'groups:4h1');
  const url = `${s.dashboard}/api/partner/appointments?${groupQuery}`;
  const groupBytes = await wireBytes(url, headers);
  const group = await measure({ name: 'group view', url, headers }, 8, IDENTITY);
  return [
    {
      ...row(
        'group view (4h1), week 47',
        'bytes to the browser',
        groupBytes,
        'B',
        { name: 'whole-school week', value: wholeBytes },
        'at most 5% of the whole-school week',
        groupBytes <= wholeBytes * 0.05,
      ),
    },
    row('group view (4h1), week 47', 'latency p50', group.p50, 'ms', null, 'reported', true, '8 concurrent'),
  ];
}

export async function benchProxy(stack?: Stack): Promise<BenchResult[]> {
  const own = !stack;
  const s = stack ?? (await startStack());
  const results: BenchResult[] = [];
  try {
    results.push(...(await atScale(s, 1)), ...(await groupView(s)));
  } finally {
    if (own) await s.stop();
  }
  const big = await startStack({ scale: 4, sandboxPort: 4250, dashboardPort: 3250 });
  try {
    results.push(...(await atScale(big, 4)));
  } finally {
    await big.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchProxy());
