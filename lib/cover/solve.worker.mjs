// The HiGHS solve off the server's event loop (see docs/decisions/0004-solver-in-a-worker.md): a
// plain module the server starts as a worker thread. It loads HiGHS's WebAssembly build once and
// answers one model at a time: { id, lp, options } in, { id, result } or { id, error } out.
import { parentPort } from 'node:worker_threads';
import highsLoader from 'highs';

const highs = await highsLoader();
parentPort.on('message', ({ id, lp, options }) => {
  try {
    parentPort.postMessage({ id, result: highs.solve(lp, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
