import autocannon from 'autocannon';
import { weekWindow } from '../lib/partner-api/values';
import { GRID_FIELDS } from '../lib/timetable/fields';
import { rssBytes } from './lib/cpu';
import { startStack } from './lib/stack';

// Where the dashboard's memory goes under load: 40 s of small reads (contracts), then twice 40 s of
// whole-school weeks (1.1 MB each), printing the process's RSS before and after each. A leak keeps
// growing in the third round; a heap settling on its working size does not.
// `npx tsx bench/memory.ts`; run it on another commit's build to compare.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const s = await startStack();
try {
  const w = weekWindow({ year: 2026, week: 47 });
  const whole = `/api/partner/appointments?${new URLSearchParams({ fields: GRID_FIELDS.join(','), start: String(w.start), end: String(w.end), includeHidden: 'true' })}`;
  const small = '/api/partner/contracts?fields=id,employee,start,end,schoolInSchoolYear';
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  for (const [name, path] of [
    ['small reads', small],
    ['whole-school weeks', whole],
    ['whole-school weeks, again', whole],
  ] as const) {
    const before = rssBytes(s.pids.dashboard);
    const r = await autocannon({
      url: `${s.dashboard}${path}`,
      headers: { cookie: s.cookie, 'x-rooster-client': '1' },
      connections: 4,
      duration: SECONDS,
    });
    process.stdout.write(
      `${name}: ${r.requests.total} requests, ${r.non2xx} errors, RSS ${mb(before)} → ${mb(rssBytes(s.pids.dashboard))} MB\n`,
    );
  }
} finally {
  await s.stop();
}
