import autocannon from 'autocannon';
import { cpuSeconds } from './lib/cpu';
import { record, round, type BenchResult } from './lib/results';
import { wholeSchoolWeek } from './lib/week-query';
import { startStack, type Stack } from './lib/stack';

// 2. Proxy overhead: the same whole-school week request straight to the sandbox and through
// Rooster's /api/partner/appointments, under the same concurrent load (autocannon).

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up, not counted
  return autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
}

export async function benchProxy(stack?: Stack): Promise<BenchResult[]> {
  const own = !stack;
  const s = stack ?? (await startStack());
  try {
    const query = wholeSchoolWeek(s.projects);
    const direct = await load(`${s.sandbox}/api/appointments?${query}`, { authorization: `Bearer ${s.token}` });
    const cpuBefore = { dashboard: cpuSeconds(s.pids.dashboard), sandbox: cpuSeconds(s.pids.sandbox) };
    const proxied = await load(`${s.dashboard}/api/partner/appointments?${query}`, {
      cookie: s.cookie,
      'x-rooster-client': '1',
    });
    // The proxy's own CPU per request (the warm-up's requests included in both counts).
    const served = proxied.requests.total + proxied.requests.average * 2;
    const proxyCpuMs = ((cpuSeconds(s.pids.dashboard) - cpuBefore.dashboard) * 1000) / served;
    const sandboxCpuMs = ((cpuSeconds(s.pids.sandbox) - cpuBefore.sandbox) * 1000) / served;
    if (direct.non2xx || proxied.non2xx || direct.errors || proxied.errors)
      throw new Error(
        `errors under load: direct ${direct.non2xx}/${direct.errors}, proxied ${proxied.non2xx}/${proxied.errors}`,
      );
    const name = `proxy, whole-school week (${CONNECTIONS} concurrent)`;
    const p50 = proxied.latency.p50 / direct.latency.p50;
    // A group's week: the proxy reads the whole week upstream and sends the browser only the group's.
    const headers = { cookie: s.cookie, 'x-rooster-client': '1' };
    const bytesOf = async (q: URLSearchParams) =>
      (await (await fetch(`${s.dashboard}/api/partner/appointments?${q}`, { headers })).arrayBuffer()).byteLength;
    const wholeBytes = await bytesOf(query);
    const groupQuery = new URLSearchParams(query);
    groupQuery.set('only', 'groups:4h1');
    const groupBytes = await bytesOf(groupQuery);
    const group = await load(`${s.dashboard}/api/partner/appointments?${groupQuery}`, headers);
    return [
      {
        name: 'group view (4h1), week 47',
        metric: 'bytes to the browser',
        value: groupBytes,
        unit: 'B',
        baseline: 'whole-school week',
        baselineValue: wholeBytes,
        ratio: round(groupBytes / wholeBytes, 4),
        goal: 'at most 5% of the whole-school week',
        met: groupBytes <= wholeBytes * 0.05,
      },
      {
        name: 'group view (4h1), week 47',
        metric: 'latency p50',
        value: group.latency.p50,
        unit: 'ms',
        baseline: 'whole-school week through the proxy',
        baselineValue: proxied.latency.p50,
        ratio: round(group.latency.p50 / proxied.latency.p50, 3),
        goal: 'reported',
        met: true,
      },
      {
        name,
        metric: 'latency p50',
        value: proxied.latency.p50,
        unit: 'ms',
        baseline: 'sandbox direct',
        baselineValue: direct.latency.p50,
        ratio: round(p50, 3),
        goal: 'proxied p50 at most 1.15× direct',
        met: p50 <= 1.15,
      },
      {
        name,
        metric: 'latency p99',
        value: proxied.latency.p99,
        unit: 'ms',
        baseline: 'sandbox direct',
        baselineValue: direct.latency.p99,
        ratio: round(proxied.latency.p99 / direct.latency.p99, 3),
        goal: 'reported',
        met: true,
      },
      {
        name,
        metric: 'CPU per request in the dashboard (proxy)',
        value: round(proxyCpuMs),
        unit: 'ms',
        baseline: 'CPU per request in the sandbox',
        baselineValue: round(sandboxCpuMs),
        ratio: round(proxyCpuMs / sandboxCpuMs, 3),
        goal: 'reported',
        met: true,
      },
      {
        name,
        metric: 'throughput',
        value: proxied.requests.average,
        unit: 'req/s',
        baseline: 'sandbox direct',
        baselineValue: direct.requests.average,
        ratio: round(proxied.requests.average / direct.requests.average, 3),
        goal: 'reported',
        met: true,
      },
    ];
  } finally {
    if (own) await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchProxy());
