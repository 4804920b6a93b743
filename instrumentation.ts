// Runs once when the server starts: a bad environment stops it with a message naming every
// bad variable, rather than failing later on a person's first request. Then every request's
// socket address is noted for the per-address limits (lib/platform/peer-address.server.ts), and
// methods Next cannot take in are answered in words (lib/platform/methods.server.ts), and the streamed
// partner list reads are answered in front of Next (lib/proxy/partner-stream-front.server.ts), with
// room for V8's old generation to grow while they stream (lib/platform/heap-policy.server.ts).
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
  const { stampPeerAddresses } = await import('./lib/platform/peer-address.server');
  stampPeerAddresses();
  const { guardMethods } = await import('./lib/platform/methods.server');
  guardMethods();
  const { frontPartnerStreams } = await import('./lib/proxy/partner-stream-front.server');
  frontPartnerStreams();
}
