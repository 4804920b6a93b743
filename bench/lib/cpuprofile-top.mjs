// The top functions of V8 .cpuprofile files by self time, summed over the files given:
// `node bench/lib/cpuprofile-top.mjs <file or folder>… [--top N] [--last S] [--from S --to S]`. Reads
// what `--cpu-prof` wrote (see DASHBOARD_NODE_ARGS in bench/lib/stack.ts); `--last S` keeps the last
// S seconds only, `--from`/`--to` the seconds between (counted from the profile's start: a visit
// among others). A function of the production build is named by its place in the sources, read from
// the build's source maps (.next/server/**/*.js.map), where they are.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FlattenMap, originalPositionFor } from '@jridgewell/trace-mapping';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args.splice(at, 2)[1]);
};
const top = option('--top', 25);
// `--last S`: only the profile's last S seconds (the load, not the server's start).
const lastUs = option('--last', Infinity) * 1e6;
const fromUs = option('--from', 0) * 1e6;
const toUs = option('--to', Infinity) * 1e6;
const files = args.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(p, f))
    : [p],
);

// The standalone server runs a copy of the build; its maps lie beside the build's own files.
const maps = new Map();
const mapOf = (url) => {
  if (!maps.has(url)) {
    const file = `${url.replace('file://', '').replace('/.next/standalone/.next/', '/.next/')}.map`;
    maps.set(url, url.endsWith('.js') && existsSync(file) ? new FlattenMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url);
};
const nameOf = (f) => {
  const map = mapOf(f.url);
  const at =
    map && f.lineNumber >= 0 ? originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }) : null;
  if (at?.source)
    return `${at.name ?? f.functionName ?? '(anonymous)'} ${at.source.replace(/^.*?\/(lib|app|components|node_modules)\//, '$1/')}:${at.line}`;
  const url = f.url.replace(/^.*\/(node_modules|\.next)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
};

const self = new Map();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  const from = Math.max(profile.endTime - lastUs, profile.startTime + fromUs);
  const to = profile.startTime + toUs;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += dt[i] ?? 0;
    if (at < from || at >= to) continue;
    const node = byId.get(profile.samples[i]);
    const us = dt[i] ?? 0;
    const key = nameOf(node.callFrame);
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
