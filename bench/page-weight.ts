import { launchChromium } from './lib/browser';
import { record, round, type BenchResult } from './lib/results';
import { startStack, type Stack } from './lib/stack';

// 5. Page weight: the JavaScript a first visit to each route downloads (as transferred, gzip),
// from the production build, measured in Chromium with a connected session.

const ROUTES = [
  '/',
  '/connect',
  '/rights',
  '/timetable',
  '/staff/contracts',
  '/staff/absences',
  '/staff/load',
  '/staff/groups',
  '/explore',
  '/explore/appointments',
];

export async function benchPageWeight(stack?: Stack): Promise<BenchResult[]> {
  const own = !stack;
  const s = stack ?? (await startStack());
  const browser = await launchChromium();
  try {
    const results: BenchResult[] = [];
    for (const route of ROUTES) {
      // The session as a header: a __Host- cookie cannot be planted on plain-HTTP localhost from outside.
      const context = await browser.newContext({ extraHTTPHeaders: { cookie: s.cookie } });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
      });
      await page.goto(`${s.dashboard}${route}`, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(scripts);
      const bytes = sizes.reduce((a, b) => a + b, 0);
      await context.close();
      // No script, or only empty ones: the server served no static files (a build without its
      // assets), so there is nothing to report; the run stops with what to do.
      if (sizes.length === 0 || bytes === 0)
        throw new Error(
          `page weight ${route}: no JavaScript was served (${sizes.length} scripts, ${bytes} B); the standalone build lacks its static files: run \`npm run build\` (it copies them) and measure again`,
        );
      const kb = round(bytes / 1024, 1);
      results.push({
        name: `page weight ${route}`,
        metric: 'first-load JavaScript (gzip, as transferred)',
        value: kb,
        unit: 'KB',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: route === '/timetable' ? 'at most 200 KB' : 'reported',
        met: route === '/timetable' ? kb <= 200 : true,
      });
    }
    return results;
  } finally {
    await browser.close();
    if (own) await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchPageWeight());
