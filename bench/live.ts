import { record, round, type BenchResult } from './lib/results';
import { wholeSchoolWeek } from './lib/week-query';
import { startStack, type Stack } from './lib/stack';

// 4. Live updates: bytes the browser receives for a poll with no change (the spec's three rules:
// the same parameters, modifiedSince = the highest lastModified, includeHidden) against a full read
// of the same whole-school week, both through Rooster's proxy.

export async function benchLive(stack?: Stack): Promise<BenchResult[]> {
  const own = !stack;
  const s = stack ?? (await startStack());
  try {
    const query = wholeSchoolWeek(s.projects);
    const get = (q: URLSearchParams) =>
      fetch(`${s.dashboard}/api/partner/appointments?${q}`, {
        headers: { cookie: s.cookie, 'x-rooster-client': '1', 'accept-encoding': 'identity' },
      });
    const full = await get(query);
    const fullBytes = (await full.arrayBuffer()).byteLength;
    // The whole-school week comes as the portal's own envelope (streamed); a narrowed read as {data}.
    const answer = JSON.parse(await (await get(query)).text()) as {
      data?: { lastModified: number }[];
      response?: { data: { lastModified: number }[] };
    };
    const rows = answer.data ?? answer.response?.data;
    if (!rows) throw new Error('live bench: the week read through the proxy had no rows to poll from');
    const highest = Math.max(...rows.map((r) => r.lastModified));
    const poll = new URLSearchParams(query);
    poll.set('modifiedSince', String(highest));
    const pollBytes = (await (await get(poll)).arrayBuffer()).byteLength;
    return [
      {
        name: `live updates, whole-school week (${rows.length} versions)`,
        metric: 'bytes of a no-change poll',
        value: pollBytes,
        unit: 'B',
        baseline: 'full week read',
        baselineValue: fullBytes,
        ratio: round(pollBytes / fullBytes, 4),
        goal: 'at most 1% (ratio ≤ 0.01)',
        met: pollBytes / fullBytes <= 0.01,
      },
    ];
  } finally {
    if (own) await s.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) record(await benchLive());
