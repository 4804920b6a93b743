import { csvLines } from '../lib/csv/csv';
import { formatCell } from '../lib/csv/format';
import { fieldSpec } from '../lib/partner-api/catalog';
import { readRecord } from '../lib/partner-api/schemas';
import { weekParts } from '../lib/csv/week-parts';
import { GRID_FIELDS } from '../lib/timetable/fields';
import { rssBytes } from './lib/cpu';
import { median, record, round, type BenchResult } from './lib/results';
import { startStack, type Stack } from './lib/stack';

// 3. Streamed CSV export: a school year of appointments through /api/export/appointments.csv,
// rows per second and the dashboard's peak memory growth, against the in-process limit: the same
// JSON parsed and written with the same CSV writer, no network.

const FROM = '2026-08-24';
const TO = '2027-07-09';
const ZONE = 'Europe/Amsterdam';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export async function benchExport(stack?: Stack): Promise<BenchResult[]> {
  const own = !stack;
  const s = stack ?? (await startStack());
  try {
    const fields = [...GRID_FIELDS];
    const query = new URLSearchParams({
      schoolInSchoolYear: s.projects,
      fields: fields.join(','),
      from: FROM,
      to: TO,
      delimiter: 'semicolon',
      format: 'human',
    });
    // Warm-up: one whole export, not measured, so the route's code is loaded and the heap has its
    // working size; then the growth each measured export adds on top of that.
    await (
      await fetch(`${s.dashboard}/api/export/appointments.csv?${query}`, {
        headers: { cookie: s.cookie, 'x-rooster-client': '1' },
      })
    ).text();
    const exportRuns: { rowsPerSecond: number; growth: number; rows: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const baseline = rssBytes(s.pids.dashboard);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(s.pids.dashboard))), 50);
      const t0 = performance.now();
      const res = await fetch(`${s.dashboard}/api/export/appointments.csv?${query}`, {
        headers: { cookie: s.cookie, 'x-rooster-client': '1' },
      });
      if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        for (const byte of chunk) if (byte === 10) lines++;
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      exportRuns.push({ rowsPerSecond: (lines - 1) / seconds, growth: peak - baseline, rows: lines - 1 });
    }

    // The limit: the same weeks' JSON, already in memory, parsed and written in process.
    const texts: string[] = [];
    for (const part of weekParts(FROM, TO, ZONE)) {
      const q = new URLSearchParams({
        schoolInSchoolYear: s.projects,
        fields: fields.join(','),
        start: String(part.start),
        end: String(part.end),
      });
      texts.push(
        await (
          await fetch(`${s.sandbox}/api/appointments?${q}`, { headers: { authorization: `Bearer ${s.token}` } })
        ).text(),
      );
    }
    const types = fields.map((f) => fieldSpec('appointments', f)?.type);
    const limitRuns: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      let rows = 0;
      let bytes = 0;
      for (const text of texts) {
        const data = (JSON.parse(text) as { response: { data: unknown[] } }).response.data;
        const records = data.map((r) => readRecord('appointments', r)!);
        bytes += csvLines(
          records.map((r) => fields.map((f, i) => formatCell(r[f], types[i], 'human', ZONE))),
          ';',
        ).length;
        rows += records.length;
      }
      limitRuns.push(rows / ((performance.now() - t0) / 1000));
      if (bytes === 0) throw new Error('nothing written');
    }
    const rate = median(exportRuns.map((r) => r.rowsPerSecond));
    const limit = median(limitRuns);
    const growth = Math.max(...exportRuns.map((r) => r.growth)) / 2 ** 20;
    const name = `streamed CSV export, school year (${exportRuns[0]!.rows} appointment versions)`;
    return [
      {
        name,
        metric: 'rows per second',
        value: round(rate, 0),
        unit: 'rows/s',
        baseline: 'in-process limit (same JSON, same writer)',
        baselineValue: round(limit, 0),
        ratio: round(rate / limit, 3),
        goal: 'at least half the limit (ratio ≥ 0.5)',
        met: rate / limit >= 0.5,
      },
      {
        name,
        metric: 'dashboard peak memory growth',
        value: round(growth, 1),
        unit: 'MB',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: 'under 100 MB',
        met: growth < 100,
      },
    ];
  } finally {
    if (own) await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchExport());
