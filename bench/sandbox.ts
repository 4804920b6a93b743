import autocannon from 'autocannon';
import { startSandbox } from '../sandbox/http/app';
import { FIXED_TODAY } from '../sandbox/school/fixed';
import { GRID_FIELDS } from '../lib/timetable/fields';
import { weekWindow } from '../lib/partner-api/values';
import { PortalClient } from '../tests/support/portal';
import { record, reported, round, type BenchResult } from './lib/results';

// 6. Sandbox: whole-school week queries per second at the default size and at --scale 4.

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export async function benchSandbox(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const scale of [1, 4]) {
    const running = await startSandbox({ scale, today: FIXED_TODAY, log: () => {} });
    try {
      const client = await new PortalClient(running.origin).connect('demo');
      const projects = running.sandbox.data.school.currentProjects.map((p) => p.id).join(',');
      const w = weekWindow({ year: 2026, week: 47 });
      const query = new URLSearchParams({
        schoolInSchoolYear: projects,
        fields: GRID_FIELDS.join(','),
        start: String(w.start),
        end: String(w.end),
      });
      const rows = (await client.get('/appointments', Object.fromEntries(query))).body.response.data.length;
      const r = await autocannon({
        url: `${running.baseUrl}/appointments?${query}`,
        headers: { authorization: `Bearer ${client.token}` },
        connections: 4,
        duration: DURATION,
      });
      if (r.non2xx || r.errors) throw new Error('sandbox errors under load');
      results.push(
        reported(
          `sandbox, whole-school week (scale ${scale}, ${rows} versions)`,
          'queries per second',
          round(r.requests.average, 1),
          'req/s',
        ),
        {
          name: `sandbox, whole-school week (scale ${scale}, ${rows} versions)`,
          metric: 'latency p50',
          value: r.latency.p50,
          unit: 'ms',
          baseline: null,
          baselineValue: null,
          ratio: null,
          goal: scale === 1 ? 'well under a second' : 'reported',
          met: scale === 1 ? r.latency.p50 < 1000 : true,
        },
      );
    } finally {
      await running.close();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchSandbox());
