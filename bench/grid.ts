import { launchChromium } from './lib/browser';
import { servePageBuild } from './lib/page-build';
import { median, record, reported, round, type BenchResult } from './lib/results';
import { schoolWeek } from './lib/sandbox-data';

// 1. Week grid vs other calendars: the same whole-school week rendered by Rooster's grid,
// FullCalendar's timeGridWeek and react-big-calendar's week view, in Chromium; time from data in
// hand to a painted grid, and a re-render after one change. Medians of RUNS runs, each in a fresh page.

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

export async function benchGrid(): Promise<BenchResult[]> {
  const { url, close } = await servePageBuild('grid');
  const browser = await launchChromium();
  const results: BenchResult[] = [];
  try {
    for (const scale of [1, 4]) {
      const input = schoolWeek(scale);
      const visible = input.rows.filter((r) => r.valid !== false && !r.hidden).length;
      const times: Record<string, { render: number[]; change: number[] }> = {};
      const names = ['rooster', 'fullcalendar', 'bigCalendar'];
      for (const name of names) times[name] = { render: [], change: [] };
      // Interleaved, so a slow moment of this noisy machine hits every calendar alike.
      for (let run = 0; run < RUNS; run++) {
        for (const name of names) {
          const page = await browser.newPage({
            viewport: { width: 1600, height: 1000 },
            timezoneId: 'Europe/Amsterdam',
          });
          await page.goto(url);
          await page.evaluate((data) => Object.assign(window, { __input: data }), input);
          const ms = await page.evaluate(async (n) => {
            const w = window as unknown as {
              bench: Record<
                string,
                { render: (i: unknown) => Promise<number>; change: (i: unknown) => Promise<number> }
              >;
              __input: unknown;
            };
            const render = await w.bench[n]!.render(w.__input);
            const change = await w.bench[n]!.change(w.__input);
            // Every appointment the grid shows, a stack's included: a grid that failed to render
            // (an error caught by React leaves an empty root) must not pass for a fast one.
            const ids = [
              ...document.querySelectorAll<HTMLElement>('[data-appointment-id]:not([data-stack-item])'),
            ].flatMap((e) => (e.dataset.stackIds ?? e.dataset.appointmentId!).split(' '));
            return { render, change, shown: new Set(ids).size };
          }, name);
          if (name === 'rooster' && ms.shown !== visible)
            throw new Error(`Rooster's grid shows ${ms.shown} of ${visible} appointments: it did not render`);
          times[name]!.render.push(ms.render);
          times[name]!.change.push(ms.change);
          await page.close();
        }
      }
      const r = {
        rooster: median(times.rooster!.render),
        fc: median(times.fullcalendar!.render),
        rbc: median(times.bigCalendar!.render),
      };
      const c = {
        rooster: median(times.rooster!.change),
        fc: median(times.fullcalendar!.change),
        rbc: median(times.bigCalendar!.change),
      };
      const label = `week grid, ${visible} appointments (scale ${scale})`;
      const fasterPeer =
        r.fc <= r.rbc ? (['FullCalendar timeGridWeek', r.fc] as const) : (['react-big-calendar week', r.rbc] as const);
      const fasterPeerChange =
        c.fc <= c.rbc ? (['FullCalendar timeGridWeek', c.fc] as const) : (['react-big-calendar week', c.rbc] as const);
      results.push(
        {
          name: label,
          metric: 'data to painted grid (median)',
          value: round(r.rooster),
          unit: 'ms',
          baseline: fasterPeer[0],
          baselineValue: round(fasterPeer[1]),
          ratio: round(r.rooster / fasterPeer[1], 4),
          goal: 'at least 10× faster than the faster peer (ratio ≤ 0.1)',
          met: r.rooster / fasterPeer[1] <= 0.1,
        },
        {
          name: label,
          metric: 're-render after one change (median)',
          value: round(c.rooster),
          unit: 'ms',
          baseline: fasterPeerChange[0],
          baselineValue: round(fasterPeerChange[1]),
          ratio: round(c.rooster / fasterPeerChange[1], 4),
          goal: 'reported',
          met: true,
        },
        reported(label, 'FullCalendar data to painted grid (median)', round(r.fc), 'ms'),
        reported(label, 'react-big-calendar data to painted grid (median)', round(r.rbc), 'ms'),
      );
    }
  } finally {
    await browser.close();
    close();
  }
  return results.map((r) => ({ ...r, group: 'grid' }));
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchGrid());
