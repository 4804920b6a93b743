import { launchChromium } from './lib/browser';
import { servePageBuild } from './lib/page-build';
import { median, percentile, record, reported, round, type BenchResult } from './lib/results';
import { schoolWeek } from './lib/sandbox-data';
import type { ScrollBox } from './overview/rooster';

// The overview (/timetable/overview, by teacher) vs resource timelines: the same whole-school week
// rendered by Rooster's overview matrix, FullCalendar's resourceTimelineWeek (premium, benchmarks
// only) and EventCalendar's resourceTimelineWeek, in Chromium; time from data in hand to painted.
// Then the painted overview is scrolled top to bottom and every frame timed. Medians of RUNS runs,
// interleaved, each in a fresh page. `npx tsx bench/overview.ts [--scale 4]` (both scales by default).

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The overview's p95 scroll frame as a multiple of the floor's (17.5 ms against a 16.7 ms vsync). */
const SCROLL_RATIO = 1.05;
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
      /** The floor's frames: an empty box of the overview's size scrolled the same way, in a fresh page. */
      const floorFrames: number[] = [];
      let box: ScrollBox | null = null;
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
            box = await page.evaluate(() => (window as unknown as { roosterBox: () => ScrollBox }).roosterBox());
          }
          await page.close();
        }
        if (warmUp || !box) continue;
        const floorPage = await browser.newPage({
          viewport: { width: 1440, height: 900 },
          timezoneId: 'Europe/Amsterdam',
        });
        await floorPage.goto(url);
        floorFrames.push(
          ...(await floorPage.evaluate(
            (b) =>
              (window as unknown as { scrollFloor: (step: number, box: ScrollBox) => Promise<number[]> }).scrollFloor(
                40,
                b,
              ),
            box,
          )),
        );
        await floorPage.close();
      }
      const r = { rooster: median(times.rooster!), fc: median(times.fullcalendar!), ec: median(times.eventCalendar!) };
      const label = `overview by teacher, ${current.length} appointments, ${teachers} teachers (scale ${scale}; ${shape})`;
      const longest = Math.max(...frames);
      const p95 = percentile(frames, 95);
      const slow = frames.filter((f) => f > 20).length;
      const floorP95 = percentile(floorFrames, 95);
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
          metric: 'scrolling top to bottom: p95 frame',
          detail: `${frames.length} frames, longest ${round(longest)} ms, ${slow} over 20 ms; the floor: ${floorFrames.length} frames, longest ${round(Math.max(...floorFrames))} ms`,
          value: round(p95),
          unit: 'ms',
          // Held to an empty box of its size scrolled the same way in the same run: the frames any
          // page gets on this machine (the vsync, and what other processes take).
          baseline: 'an empty box of its size, scrolled the same way (the floor)',
          baselineValue: round(floorP95),
          ratio: round(p95 / floorP95, 3),
          goal: `at most ${SCROLL_RATIO}× the floor's p95 (${round(floorP95 * SCROLL_RATIO)} ms); 17.5 ms (60 fps) on the reference machine`,
          met: p95 <= floorP95 * SCROLL_RATIO,
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
