import 'server-only';
import { setFlagsFromString } from 'node:v8';
import { serverEnv } from '@/lib/env.server';

// The server streams megabytes of portal answers through Node's Buffers, whose memory V8 counts
// against its old generation until the next full collection; with the growth V8 picks for a heap
// its size (Next's ~50 MB), that brought a full mark of the whole heap every ~200 ms under 8
// whole-school reads at a time, a mark costing 40–60 ms of CPU (`--trace-gc`, bench/proxy.ts:
// 43 full collections in 12 s, 8–11 ms of CPU per read against 3.5–5 ms without them). Letting the
// old generation grow to twice what the last collection kept stops that (5 in the same run). V8
// reads the factor at each collection, so setting it once at start applies from then on.

/** Sets V8's old-generation growth factor from `HEAP_GROWING_PERCENT` (0: V8's own). Once per process. */
export function applyHeapPolicy(): void {
  const percent = serverEnv().HEAP_GROWING_PERCENT;
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
