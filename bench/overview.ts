import { launchChromium } from './lib/browser';
import { servePageBuild } from './lib/page-build';
import { median, percentile, record, reported, round, type BenchResult } from './lib/results';
import { schoolWeek } from './lib/sandbox-data';

// The overview (/timetable/overview, by teacher) vs resource timelines: the same whole-school week
// rendered by Rooster's overview matrix, FullCalendar's resourceTimelineWeek (premium, benchmarks
// only) and EventCalendar's resourceTimelineWeek, in Chromium; time from data in hand to painted.
// Then the painted overview is scrolled top to bottom and every frame timed. Medians of RUNS runs,
// interleaved, each in a fresh page. `npx tsx bench/overview.ts [--scale 4]` (both scales by default).

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const scaleArg = process.argv.indexOf('--scale');
const SCALES = scaleArg > 0 ? [Number(process.argv[scaleArg + 1])] : [1, 4];

export async function benchOverview(scales = SCALES): Promise<BenchResult[]> {
  const { url, close } = await servePageBuild('overview');
  const browser = await launchChromium();
  const results: BenchResult[] = [];
  try {
    for (const scale of scales) {
      const input = schoolWeek(scale);
      const current = input.rows.filter((r) => r.valid !== false && !r.hidden);
      const teachers = new Set(current.flatMap((r) => (r.teachers as string[]) ?? [])).size;
      const names = ['rooster', 'fullcalendar', 'eventCalendar'] as const;
      const times: Record<string, number[]> = { rooster: [], fullcalendar: [], eventCalendar: [] };
      const frames: number[] = [];
      let shape = '';
      // Run -1 warms up and counts nothing: Rooster's page rendered and scrolled once. The first
      // scale was otherwise measured while Chromium was still starting up beside it (and has a
      // quarter of scale 4's frames, so such a burst weighed four times as much in its p95).
      for (let run = -1; run < RUNS; run++) {
        const warmUp = run < 0;
        for (const name of warmUp ? (['rooster'] as const) : names) {
          const page = await browser.newPage({
            viewport: { width: 1440, height: 900 },
            timezoneId: 'Europe/Amsterdam',
          });
          page.on('pageerror', (e) => process.stderr.write(`${name}: ${e.message}\n`));
          await page.goto(url);
          await page.evaluate((data) => Object.assign(window, { __input: data }), input);
          const ms = await page.evaluate(async (n) => {
            const w = window as unknown as {
              bench: Record<string, { render: (i: unknown) => Promise<number> }>;
              __input: unknown;
            };
            return w.bench[n]!.render(w.__input);
          }, name);
          if (!warmUp) times[name]!.push(ms);
          if (name === 'rooster') {
            if (!shape)
              shape = await page.evaluate(() => {
                const grid = document.querySelector('[role="grid"]')!;
                return `${Number(grid.getAttribute('aria-rowcount')) - 2} rows × ${Number(grid.getAttribute('aria-colcount')) - 1} columns`;
              });
            // 40 px a frame: 2,400 px/s, a quick flick of the wheel all the way down.
            const scrolled = await page.evaluate(() =>
              (window as unknown as { scrollRooster: (step: number) => Promise<number[]> }).scrollRooster(40),
            );
            if (!warmUp) frames.push(...scrolled);
          }
          await page.close();
        }
      }
      const r = { rooster: median(times.rooster!), fc: median(times.fullcalendar!), ec: median(times.eventCalendar!) };
      const label = `overview by teacher, ${current.length} appointments, ${teachers} teachers (scale ${scale}; ${shape})`;
      const longest = Math.max(...frames);
      const p95 = percentile(frames, 95);
      const slow = frames.filter((f) => f > 20).length;
      results.push(
        {
          // One group per scale: `--scale 4` alone replaces the scale-4 rows only.
          group: `overview:scale${scale}`,
          name: label,
          metric: 'data to painted overview (median)',
          value: round(r.rooster),
          unit: 'ms',
          baseline: 'FullCalendar resourceTimelineWeek',
          baselineValue: round(r.fc),
          ratio: round(r.rooster / r.fc, 4),
          goal: 'at most a tenth of FullCalendar (ratio ≤ 0.1)',
          met: r.rooster / r.fc <= 0.1,
        },
        reported(label, 'EventCalendar resourceTimelineWeek, data to painted (median)', round(r.ec), 'ms', {
          group: `overview:scale${scale}`,
          ratio: round(r.rooster / r.ec, 4),
        }),
        {
          group: `overview:scale${scale}`,
          name: label,
          metric: 'scrolling top to bottom: longest frame',
          detail: `${frames.length} frames, p95 ${round(p95)} ms, ${slow} over 20 ms`,
          value: round(longest),
          unit: 'ms',
          baseline: null,
          baselineValue: null,
          ratio: null,
          goal: '60 fps: p95 frame ≤ 17.5 ms',
          met: p95 <= 17.5,
        },
      );
    }
  } finally {
    await browser.close();
    close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchOverview());
