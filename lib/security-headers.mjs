// The headers every answer carries, in one place: next.config.mjs adds them to Next's answers and
// the partner front layer (lib/proxy/partner-stream-front.server.ts) to its own, so the two cannot
// drift apart (the browser spec compares both paths byte for byte).

/** @type {ReadonlyArray<{ key: string; value: string }>} */
export const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];
