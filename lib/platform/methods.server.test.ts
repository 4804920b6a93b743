import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_HEADER } from '@/lib/api/methods';
import { rawRequest as send } from '@/tests/support/raw-http';
import { installRequestHooks } from './request-hooks.server';

// Methods Next cannot take in, answered in words on a real Node server (through the request hooks): TRACE is carried in as
// OPTIONS (proxy.ts answers it), CONNECT and a verb Node does not know are answered at the socket.

let seen: IncomingMessage | null = null;
const server = createServer((req, res) => {
  seen = req;
  res.end('handled');
});
let port = 0;
beforeAll(async () => {
  installRequestHooks();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

const rawRequest = (method: string, path = '/api/health', headers = '') => send(port, method, path, headers);

describe('methods Next cannot take in', () => {
  it('carries TRACE in as OPTIONS with the real method in our header, and drops a client’s own', async () => {
    await rawRequest('GET'); // the server is learnt from its first request
    const traced = await rawRequest('TRACE', '/', `${METHOD_HEADER}: GET\r\n`);
    expect(traced.body).toBe('handled');
    expect(seen?.method).toBe('OPTIONS');
    expect(seen?.headers[METHOD_HEADER]).toBe('TRACE');
    await rawRequest('GET', '/', `${METHOD_HEADER}: PROPFIND\r\n`);
    expect(seen?.headers[METHOD_HEADER]).toBeUndefined();
  });

  it('answers CONNECT with a 405 in words, in the language asked for', async () => {
    const answer = await rawRequest('CONNECT', '127.0.0.1:22', 'Accept-Language: en\r\n');
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        status: 405,
        message: 'Rooster does not take CONNECT requests; it takes GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.',
      },
    });
  });

  it('answers a verb Node does not know with a 405, and an unreadable request with a 400, in the language asked for', async () => {
    const english = await rawRequest('BREW', '/', 'Accept-Language: en-GB,en;q=0.9\r\n');
    expect(JSON.parse(english.body).error.message).toBe(
      'Rooster does not take BREW requests; it takes GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.',
    );
    // Dutch by default, as every answer.
    const brew = await rawRequest('BREW');
    expect(brew.status).toBe(405);
    expect(JSON.parse(brew.body).error.message).toBe(
      'Rooster neemt geen BREW-verzoeken aan; wel GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.',
    );
    const broken = await rawRequest('GET', '/ x y');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.message).toBe('Het verzoek kon niet als HTTP gelezen worden.');
  });

  it('answers an absolute-form target for a foreign host with a 400 in words; our own host is taken as its path', async () => {
    await rawRequest('GET');
    seen = null;
    for (const target of [
      'http://evil.example/api/health',
      'https://evil.example:443/',
      'http://127.0.0.1:1/api/x',
      'ftp://x/',
    ]) {
      const answer = await rawRequest('GET', target, 'Accept-Language: en\r\n');
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body).error.message, target).toBe(
        'This server answers only for its own address; a request for another host is refused.',
      );
      expect(seen, target).toBeNull();
    }
    const own = await rawRequest('GET', `http://127.0.0.1:${port}/api/health?x=1`);
    expect(own.body).toBe('handled');
    expect(seen!.url).toBe('/api/health?x=1');
  });
});
