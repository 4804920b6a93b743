// Runs once when the server starts: a bad environment stops it with a message naming every
// bad variable, rather than failing later on a person's first request. Then V8's old generation
// gets room to grow while reads stream (lib/platform/heap-policy.server.ts), and the request hooks
// are installed (lib/platform/request-hooks.server.ts): in this order, before Next, every request's
// socket address is noted for the per-address limits, methods Next cannot take in are answered in
// words, and the streamed partner list reads are answered by the front layer
// (lib/proxy/partner-stream-front.server.ts, docs/decisions/0001-partner-front-layer.md).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { parseServerEnv } = await import('./lib/env-schema');
  try {
    parseServerEnv(process.env);
  } catch (error) {
    // Next logs a failed register() and keeps listening (answering 500 to everything, health
    // included): a bad setting must stop the process instead, so a supervisor sees it fail.
    console.error(`Rooster cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { applyHeapPolicy } = await import('./lib/platform/heap-policy.server');
  applyHeapPolicy();
  // Composed here, above both layers: lib/platform may not import lib/proxy, so the hooks are
  // handed the front layer (null with PARTNER_FRONT=off) instead of reaching up for it.
  const { installRequestHooks } = await import('./lib/platform/request-hooks.server');
  const { partnerFront } = await import('./lib/proxy/partner-stream-front.server');
  installRequestHooks({ front: partnerFront() });
}
