import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, record, round, type BenchResult } from './lib/results';
import { startFloor } from './lib/floor';
import { startStack, type Stack } from './lib/stack';

/** A page's performance score as a share of the floor page's, audited in the same run (issue 45 §9):
 * the score moves with the machine, the share much less. 0.95 is 95 points where the floor scores 100. */
const PERF_RATIO = 0.95;

// Page audits (issue 33 §3): Lighthouse 12.2.3 (pinned) on Debian's Chromium, its default mobile
// settings (simulated throttling: slow 4G, a 4× slower CPU), with a connected session, on the
// production build. Each page three times; each figure is the median of its three. The pages that
// depend on the day are asked for the sandbox's busy cover day (2026-11-18, week 47), so the figures
// compare across days. Where a goal is missed the row's detail carries what the trace says: the
// longest main-thread tasks and the scripts that cost the most, the LCP candidates and the largest
// download, the shifts.
// Each run's report is kept in .rooster/lighthouse/ (the whole report: every audit, the treemap).

export const PAGES: { label: string; path: string }[] = [
  { label: '/', path: '/?date=2026-11-18' },
  { label: '/timetable (group 4h1, week 47)', path: '/timetable?week=2026-W47&group=4h1' },
  { label: '/changes', path: '/changes?date=2026-11-18' },
  { label: '/staffing/load', path: '/staffing/load' },
  { label: '/cover', path: '/cover?date=2026-11-18' },
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The DevTools port: inside the range this project's runs may use. */
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 4990);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 3291);
const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, '.rooster', 'lighthouse');

function chromiumPath(): string {
  const path =
    process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!path) throw new Error('No Chromium found: install Debian’s chromium or set CHROMIUM_PATH.');
  return path;
}

function launchChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: chromiumPath(),
    port: DEBUG_PORT,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

type Audits = Result['audits'];
type Items = Record<string, unknown>[];
const items = (audits: Audits, id: string): Items =>
  ((audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
/** A script's address without the origin and Next's chunk folder: what a reader recognises. */
const short = (url: unknown) =>
  String(url ?? '')
    .replace(/^https?:\/\/[^/]+/, '')
    .replace('/_next/static/chunks/', '');
const ms = (n: unknown) => `${Math.round(Number(n))} ms`;

/** What the trace of one run says about the main thread: the longest tasks and the costliest scripts. */
function mainThreadFacts(lhr: Result): string {
  const a = lhr.audits;
  const tasks = items(a, 'long-tasks')
    .slice(0, 3)
    .map((t) => `${short(t.url)} ${ms(t.duration)} at ${ms(t.startTime)}`);
  const scripts = items(a, 'bootup-time')
    .slice(0, 3)
    .map((s) => `${short(s.url)} ${ms(s.total)} (script ${ms(s.scripting)})`);
  const work = items(a, 'mainthread-work-breakdown')
    .slice(0, 3)
    .map((w) => `${String(w.groupLabel)} ${ms(w.duration)}`);
  return [
    `long tasks: ${tasks.join('; ') || 'none'}`,
    `costliest scripts: ${scripts.join('; ')}`,
    `main thread: ${work.join('; ')}`,
    `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
  ].join(' — ');
}

/** The largest answer the page downloaded (what slow 4G makes the LCP wait for when it comes first). */
function largestDownload(lhr: Result): string {
  const largest = items(lhr.audits, 'network-requests')
    .filter((r) => r.resourceType !== 'Document')
    .sort((a, b) => Number(b.transferSize) - Number(a.transferSize))[0];
  if (!largest) return 'no requests';
  const path = String(largest.url)
    .replace(/^https?:\/\/[^/]+/, '')
    .split('?')[0];
  return `largest download ${path} ${Math.round(Number(largest.transferSize) / 1024)} KB (${String(largest.resourceType)}) from ${ms(largest.networkRequestTime)}`;
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { frame?: string; data?: Record<string, unknown> };
}

/**
 * The LCP candidates and the layout shifts as the trace has them. Lighthouse 12.2.3's own audits of
 * them (largest-contentful-paint-element, layout-shifts) fail on a newer Chromium (its trace engine
 * reads a screenshot event this Chromium no longer writes), so they are read from the raw trace:
 * when, how large, and for a shift how far the first moved node went (CSS px; tests/e2e names the
 * elements). Times are from the navigation's start.
 */
function traceFacts(events: readonly TraceEvent[]): { lcp: string; shifts: string } {
  const start = events.find((e) => e.name === 'navigationStart')?.ts ?? events[0]?.ts ?? 0;
  const at = (e: TraceEvent) => `${Math.round((e.ts - start) / 1000)} ms`;
  const candidates = events.filter((e) => e.name === 'largestContentfulPaint::Candidate');
  const last = candidates.at(-1);
  const lcp = last
    ? `LCP candidates ${candidates.length}, the last a ${String(last.args?.data?.type)} of ${String(last.args?.data?.size)} px² at ${at(last)}`
    : 'no LCP candidate in the trace';
  const shifts = events
    .filter((e) => e.name === 'LayoutShift' && !e.args?.data?.had_recent_input)
    .map((e) => {
      const data = e.args!.data!;
      const node = (data.impacted_nodes as { old_rect?: number[]; new_rect?: number[] }[] | undefined)?.[0];
      const moved = node?.old_rect && node.new_rect ? `, a node y ${node.old_rect[1]}→${node.new_rect[1]}` : '';
      return { score: Number(data.weighted_score_delta ?? data.score ?? 0), text: `at ${at(e)}${moved}` };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((x) => `${round(x.score, 3)} ${x.text}`);
  return { lcp, shifts: `shifts: ${shifts.join('; ') || 'none'}` };
}

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  lhr: Result;
  trace: { lcp: string; shifts: string };
}

/** One audit in the bench's one Chromium (Lighthouse clears the origin's storage and cache before each). */
async function audit(chrome: LaunchedChrome, url: string, cookie: string): Promise<Run> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The session as a header: a __Host- cookie cannot be planted on plain-HTTP 127.0.0.1.
    extraHeaders: cookie ? { cookie } : undefined,
  });
  if (!result) throw new Error(`lighthouse ${url}: no result`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lhr,
    trace: traceFacts(artifacts.Trace.traceEvents as TraceEvent[]),
  };
}

export async function benchLighthouse(stack?: Stack, pages = PAGES): Promise<BenchResult[]> {
  const own = !stack;
  const s = stack ?? (await startStack({ dashboardPort: 3951, sandboxPort: 4951 }));
  mkdirSync(reports, { recursive: true });
  const chrome = await launchChrome();
  const audits = async (label: string, url: string, cookie: string) => {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await audit(chrome, url, cookie);
      const file = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`;
      writeFileSync(join(reports, file), JSON.stringify(run.lhr));
      runs.push(run);
      process.stdout.write(
        `lighthouse ${label} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${round(run.cls, 3)}\n`,
      );
    }
    return runs;
  };
  try {
    // The floor audited the same way in the same run: what the framework alone scores on this machine.
    const floor = await startFloor(FLOOR_PORT);
    const floorRuns = await audits('floor', `${floor.url}/`, '').finally(() => floor.stop());
    const floorPerf = median(floorRuns.map((r) => r.performance));
    const results: BenchResult[] = [
      {
        name: 'lighthouse, the floor',
        metric: `performance score (median of ${RUNS})`,
        detail: `an App Router page with one client counter, same Next and React (bench/floor); runs ${floorRuns.map((r) => r.performance).join(', ')}; LCP ${Math.round(median(floorRuns.map((r) => r.lcp)))} ms, TBT ${Math.round(median(floorRuns.map((r) => r.tbt)))} ms`,
        value: floorPerf,
        unit: 'points',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: 'reported',
        met: true,
        group: 'lighthouse',
      },
    ];
    for (const page of pages) {
      const runs = await audits(page.label, `${s.dashboard}${page.path}`, s.cookie);
      const of = (key: Exclude<keyof Run, 'lhr' | 'trace'>) => median(runs.map((r) => r[key]));
      // Each figure's facts from the run that gave its median.
      const middle = (key: Exclude<keyof Run, 'lhr' | 'trace'>) =>
        [...runs].sort((a, b) => a[key] - b[key])[Math.floor(runs.length / 2)]!;
      const all = (key: Exclude<keyof Run, 'lhr' | 'trace'>, digits = 0) =>
        runs.map((r) => round(r[key], digits)).join(', ');
      const row = (metric: string, value: number, unit: string, goal: string, met: boolean, detail: string) => ({
        name: `lighthouse ${page.label}`,
        metric,
        value,
        unit,
        ...(unit === 'points' && metric.startsWith('performance')
          ? { baseline: 'the floor', baselineValue: floorPerf, ratio: round(value / floorPerf, 2) }
          : { baseline: null, baselineValue: null, ratio: null }),
        goal,
        met,
        detail,
        group: 'lighthouse',
      });
      const perf = of('performance');
      const a11y = of('accessibility');
      const cls = round(of('cls'), 3);
      const a11yRun = middle('accessibility').lhr;
      const failing = a11yRun.categories.accessibility?.auditRefs
        .filter((r) => r.weight > 0 && (a11yRun.audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id);
      results.push(
        row(
          `performance score (median of ${RUNS})`,
          perf,
          'points',
          `at least ${PERF_RATIO}× the floor's (${round(floorPerf * PERF_RATIO, 1)} points); 95 on the reference machine`,
          perf >= floorPerf * PERF_RATIO,
          `runs ${all('performance')}${perf >= floorPerf * PERF_RATIO ? '' : ` — ${mainThreadFacts(middle('performance').lhr)}`}`,
        ),
        row(
          `accessibility score (median of ${RUNS})`,
          a11y,
          'points',
          '100',
          a11y === 100,
          `runs ${all('accessibility')}${failing?.length ? ` — failing: ${failing.join(', ')}` : ''}`,
        ),
        row(
          `largest contentful paint (median of ${RUNS})`,
          Math.round(of('lcp')),
          'ms',
          'reported',
          true,
          `runs ${all('lcp')} — ${middle('lcp').trace.lcp}; ${largestDownload(middle('lcp').lhr)}`,
        ),
        row(
          `total blocking time (median of ${RUNS})`,
          Math.round(of('tbt')),
          'ms',
          'reported',
          true,
          `runs ${all('tbt')}${perf >= floorPerf * PERF_RATIO ? '' : ` — ${mainThreadFacts(middle('tbt').lhr).split(' — ')[0]}`}`,
        ),
        row(
          `cumulative layout shift (median of ${RUNS})`,
          cls,
          '',
          'at most 0.02',
          cls <= 0.02,
          `runs ${all('cls', 3)}${cls > 0 ? ` — ${middle('cls').trace.shifts}` : ''}`,
        ),
      );
    }
    return results;
  } finally {
    chrome.kill();
    if (own) await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchLighthouse());
