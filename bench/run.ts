import { benchChanges } from './changes';
import { benchCover } from './cover';
import { benchExport } from './export';
import { benchGrid } from './grid';
import { benchLighthouse } from './lighthouse';
import { benchLive } from './live';
import { benchOnderwijstijd } from './onderwijstijd';
import { benchOverview } from './overview';
import { benchPageWeight } from './page-weight';
import { benchProxy } from './proxy';
import { benchSandbox } from './sandbox';
import { benchStaffing } from './staffing';
import { benchWeekSwitch } from './week-switch';
import { record, type BenchResult } from './lib/results';
import { startStack } from './lib/stack';

// `npm run bench`: every benchmark in one run on the same data, a table of figures and ratios,
// and bench/results.json. Each file also runs alone: `npx tsx bench/<name>.ts`.

const started = Date.now();
const all: BenchResult[] = [];
all.push(...(await benchGrid()));
all.push(...(await benchOverview([1, 4])));
all.push(...(await benchSandbox()));
all.push(...benchChanges());
const stack = await startStack();
try {
  all.push(...(await benchProxy(stack)));
  all.push(...(await benchLive(stack)));
  all.push(...(await benchExport(stack)));
  all.push(...(await benchPageWeight(stack)));
  all.push(...(await benchWeekSwitch(stack)));
  all.push(...(await benchLighthouse(stack)));
} finally {
  await stack.stop();
}
all.push(...(await benchStaffing()));
// Its own stacks like staffing's: the term window's first visit needs an empty state store.
all.push(...(await benchCover()));
all.push(...(await benchOnderwijstijd()));
process.stdout.write('\n');
record(all, { whole: true });
const missed = all.filter((r) => !r.met);
process.stdout.write(
  `\n${all.length} figures in ${Math.round((Date.now() - started) / 1000)} s; goals missed: ${missed.length === 0 ? 'none' : missed.map((r) => `${r.name} (${r.metric})`).join('; ')}\n`,
);
