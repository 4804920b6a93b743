// The top functions of V8 .cpuprofile files by self time, summed over the files given:
// `node bench/lib/cpuprofile-top.mjs <file or folder>… [--top N] [--last S]`. Reads what `--cpu-prof` wrote
// (see DASHBOARD_NODE_ARGS in bench/lib/stack.ts); `--last S` keeps the last S seconds only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt === -1 ? 25 : Number(args.splice(topAt, 2)[1]);
// `--last S`: only the profile's last S seconds (the load, not the server's start).
const lastAt = args.indexOf('--last');
const lastUs = lastAt === -1 ? Infinity : Number(args.splice(lastAt, 2)[1]) * 1e6;
const files = args.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(p, f))
    : [p],
);

const self = new Map();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  const from = profile.endTime - lastUs;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += dt[i] ?? 0;
    if (at < from) continue;
    const node = byId.get(profile.samples[i]);
    const us = dt[i] ?? 0;
    const f = node.callFrame;
    const url = f.url.replace(/^.*\/(node_modules|\.next)\//, '$1/');
    const key = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
}
const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((n, [, v]) => n + v, 0);
process.stdout.write(
  `${files.length} profile(s), ${(total / 1000).toFixed(0)} ms sampled, ${((total - idle) / 1000).toFixed(0)} ms busy\n`,
);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  process.stdout.write(
    `${(us / 1000).toFixed(1).padStart(9)} ms  ${((100 * us) / (total - idle)).toFixed(1).padStart(5)}%  ${key}\n`,
  );
