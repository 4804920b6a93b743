import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

// The socket's address reaches a handler in our own header, whatever the client sent in its place.

Object.assign(process.env, { SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop', TRUSTED_PROXIES: '' });
const { PEER_HEADER, peerFrom, requestClientAddress } = await import('./peer-address.server');
const { installRequestHooks } = await import('./request-hooks.server');

async function seen(headers: Record<string, string>) {
  installRequestHooks();
  const server = createServer((req, res) => {
    const h = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') h.set(k, v);
    res.end(JSON.stringify({ peer: peerFrom(h.get(PEER_HEADER)), client: requestClientAddress(h) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return (await res.json()) as { peer: string | null; client: string };
  } finally {
    server.close();
  }
}

describe('the peer address', () => {
  it('is the socket’s, over a header the client made up and over X-Forwarded-For', async () => {
    expect(await seen({ [PEER_HEADER]: 'forged 198.51.100.1', 'x-forwarded-for': '198.51.100.2' })).toEqual({
      peer: '127.0.0.1',
      client: '127.0.0.1',
    });
  });

  it('is unknown without this process’s mark', () => {
    expect(peerFrom('forged 198.51.100.1')).toBeNull();
    expect(peerFrom(null)).toBeNull();
  });
});
