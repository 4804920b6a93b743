import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_HEADER } from '@/lib/api/methods';
import { rawRequest } from '@/tests/support/raw-http';

// The request hooks on a real Node server, with a stand-in front layer and a stand-in for Next:
// each request goes peer address → method check → front layer → Next, in that order.

Object.assign(process.env, { SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop', TRUSTED_PROXIES: '' });
const { PEER_HEADER, peerFrom } = await import('./peer-address.server');
const { installRequestHooks } = await import('./request-hooks.server');

const steps: string[] = [];
const server = createServer((req, res) => {
  steps.push(`next ${req.method} ${req.url}`);
  res.end('next');
});
let port = 0;

beforeAll(async () => {
  installRequestHooks({
    front: (req, res) => {
      const peer = peerFrom((req.headers[PEER_HEADER] as string | undefined) ?? null);
      steps.push(`front ${req.method} ${req.url} ${req.headers[METHOD_HEADER] ?? '-'} ${peer}`);
      if (req.url !== '/front') return false;
      res.end('front');
      return Promise.resolve(true);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

describe('the request hooks', () => {
  it('give the front layer a request with its peer recorded and its method checked, before Next', async () => {
    steps.length = 0;
    const answered = await rawRequest(port, 'GET', '/front', `${PEER_HEADER}: forged 198.51.100.1\r\n`);
    expect(answered.body).toBe('front');
    const traced = await rawRequest(port, 'TRACE', '/x');
    expect(traced.body).toBe('next');
    expect(steps).toEqual(['front GET /front - 127.0.0.1', 'front OPTIONS /x TRACE 127.0.0.1', 'next OPTIONS /x']);
  });

  it('answer a foreign target before the front layer and Next', async () => {
    steps.length = 0;
    const answer = await rawRequest(port, 'GET', 'http://evil.example/front', 'Accept-Language: en\r\n');
    expect(answer.status).toBe(400);
    expect(steps).toEqual([]);
  });

  it('send every request straight to Next without a front layer', async () => {
    installRequestHooks({ front: null });
    try {
      steps.length = 0;
      expect((await rawRequest(port, 'GET', '/front')).body).toBe('next');
      expect(steps).toEqual(['next GET /front']);
    } finally {
      installRequestHooks({ front: null });
    }
  });
});
