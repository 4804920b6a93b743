import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serverTestEnv } from '@/tests/support/server-env';
import type { SessionData, StoredConnection } from '@/lib/session/seal.server';
import type { PipeOpened } from '@/lib/partner-api/transport/stream.server';

// The front layer (partner-stream-front.server.ts) on a plain Node server, with a stand-in for
// Next's listener behind it: what it answers, what it leaves to Next, and that a reader going away
// gives the heavy-read slot back and lets the portal's answer go. The upstream call and the list
// plan are stand-ins too (the browser test compares the layer's answers with Next's route).

serverTestEnv('front', { ALLOWED_PORTAL_ORIGINS: 'https://school.example' });

vi.mock('@/lib/partner-api/client.server', async (original) => ({
  ...(await original<object>()),
  streamListInto: vi.fn(),
}));
vi.mock('./partner-read.server', async (original) => ({ ...(await original<object>()), plan: vi.fn() }));

const { streamListInto } = await import('@/lib/partner-api/client.server');
const { plan } = await import('./partner-read.server');
const { answerStreamedRead, openSealKept, streamedRead } = await import('./partner-stream-front.server');
const { placeInFront } = await import('@/lib/platform/request-hooks.server');
const { heavyReadsInFlight } = await import('@/lib/platform/heavy-reads.server');
const { sealSession } = await import('@/lib/session/seal.server');
const { isRemovedConnection, sessionReading, withoutConnection } = await import('@/lib/session/session.server');
const { PartnerApiError } = await import('@/lib/partner-api/errors');

const ENVELOPE = '{"response":{"status":200,"data":[{"id":1},{"id":2}]}}';

function connection(): StoredConnection {
  return {
    id: `c-${Math.random().toString(36).slice(2)}`,
    baseUrl: 'https://school.example/api',
    token: 'tok-0123456789',
    partnerName: 'P',
    connectedAt: Date.now(),
    revealable: false,
  };
}

async function cookieFor(data: SessionData) {
  const { name, secrets, lifetimes } = sessionReading();
  return `${name}=${await sealSession(data, secrets, lifetimes)}`;
}

/** A server with the layer in front of a stand-in for Next, which answers 299 and counts. */
async function serve(): Promise<{ origin: string; behind: string[]; server: Server }> {
  const behind: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    behind.push(`${req.method} ${req.url}`);
    res.writeHead(299).end('next');
  });
  placeInFront(server, answerStreamedRead);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, behind, server };
}

function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** The client's writer of an opened answer, over a Node stream we control: it ends, errs and lets go as the transport's does. */
function writerOf(body: Readable): PipeOpened {
  return (out, done) => {
    let ended = false;
    body.on('data', (chunk: Buffer) => out.write(chunk));
    body.on('end', () => {
      ended = true;
      out.end();
    });
    body.on('error', () => out.destroy());
    out.on('close', () => {
      if (!ended) body.destroy();
      done(null);
    });
  };
}

/** The portal's answer as the client gives it: here a Node stream we control. */
function portalAnswer(chunks: string[], { ends = true, length = null as number | null } = {}) {
  const destroyed = vi.fn();
  const body = new Readable({
    read() {},
    destroy(error, callback) {
      destroyed();
      callback(error);
    },
  });
  for (const c of chunks) body.push(c);
  if (ends) body.push(null);
  vi.mocked(streamListInto).mockResolvedValueOnce({
    status: 200,
    url: 'https://school.example/api/appointments?x=1',
    durationMs: 3,
    attempts: 1,
    length,
    body: writerOf(body),
  });
  return { body, destroyed };
}

beforeEach(() => {
  vi.mocked(plan).mockResolvedValue({ wantsRaw: false, narrowing: null, query: new URLSearchParams('x=1') } as never);
});

describe('which requests the front layer takes', () => {
  it('takes a GET of a catalogue list, and nothing else', () => {
    expect(streamedRead('GET', '/api/partner/appointments?start=1&end=2')).toBe('appointments');
    expect(streamedRead('GET', '/api/partner/branches')).toBe('branches');
    for (const [method, url] of [
      ['HEAD', '/api/partner/appointments'],
      ['POST', '/api/partner/appointments'],
      ['GET', '/api/partner/partners/~me'],
      ['GET', '/api/partner/liveschedule?student=1'],
      ['GET', '/api/partner/appointments/'],
      ['GET', '/api/partner/./appointments'],
      ['GET', '/api/partner/..%2F..%2Fadmin%2Fhealth'],
      ['GET', '/api/partner/APPOINTMENTS'],
      ['GET', '/api/partner/toString'],
      ['GET', '/api/partnerx/appointments'],
      ['GET', 'http://evil.example/api/partner/appointments'],
      ['GET', '/api/connections'],
    ])
      expect(streamedRead(method, url), `${method} ${url}`).toBeNull();
  });

  it('leaves to Next what it does not take, and what it declines after a look (no session, narrowed)', async () => {
    const { origin, behind, server } = await serve();
    try {
      expect((await get(`${origin}/api/connections`, {})).status).toBe(299);
      expect((await get(`${origin}/api/partner/branches`, {})).status).toBe(299); // no client header
      expect((await get(`${origin}/api/partner/branches`, { 'x-rooster-client': '1' })).status).toBe(299); // no cookie
      const cookie = await cookieFor({ v: 1, connections: [connection()], activeId: null });
      vi.mocked(plan).mockResolvedValueOnce({ wantsRaw: false, narrowing: {}, query: new URLSearchParams() } as never);
      expect(
        (await get(`${origin}/api/partner/appointments?only=groups:4h1`, { 'x-rooster-client': '1', cookie })).status,
      ).toBe(299);
      expect(behind).toEqual([
        'GET /api/connections',
        'GET /api/partner/branches',
        'GET /api/partner/branches',
        'GET /api/partner/appointments?only=groups:4h1',
      ]);
      expect(streamListInto).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });

  it('hands a request to Next when it fails before writing anything', async () => {
    const server = createServer((_req, res) => res.writeHead(299).end());
    placeInFront(server, () => Promise.reject(new Error('boom')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await get(`${origin}/api/partner/branches`, {})).status).toBe(299);
    } finally {
      server.close();
    }
  });
});

describe('a streamed read in front of Next', () => {
  it('passes the portal’s bytes on with the route’s headers, in a heavy-read slot given back at the end', async () => {
    const { origin, behind, server } = await serve();
    const c = connection();
    try {
      const cookie = await cookieFor({ v: 1, connections: [c], activeId: c.id });
      portalAnswer([ENVELOPE.slice(0, 20), ENVELOPE.slice(20)], { length: ENVELOPE.length });
      const answer = await get(`${origin}/api/partner/appointments?x=1`, { 'x-rooster-client': '1', cookie });
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(ENVELOPE);
      expect(answer.headers).toMatchObject({
        // The portal's declared length passes on.
        'content-length': String(ENVELOPE.length),
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-rooster-body': 'envelope',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
      expect(JSON.parse(answer.headers['x-rooster-meta'] as string)).toEqual({
        request: 'GET https://school.example/api/appointments?x=1',
        status: 200,
        durationMs: 3,
        fieldTypes: {},
      });
      expect(behind).toEqual([]);
      await vi.waitFor(() => expect(heavyReadsInFlight(c.id)).toBe(0));
    } finally {
      server.close();
    }
  });

  it('every streamed read takes a slot of its session, a list that is not large too: past its share, 429', async () => {
    const { origin, server } = await serve();
    const c = connection();
    const held: ReturnType<typeof request>[] = [];
    try {
      const cookie = await cookieFor({ v: 1, connections: [c], activeId: c.id });
      const slots = 2 * 4; // twice HEAVY_READS_PER_SESSION
      for (let i = 0; i < slots; i++) {
        portalAnswer([ENVELOPE.slice(0, 30)], { ends: false });
        const req = request(`${origin}/api/partner/branches?x=1`, { headers: { 'x-rooster-client': '1', cookie } });
        req.on('error', () => undefined);
        req.end();
        held.push(req);
      }
      await vi.waitFor(() => expect(heavyReadsInFlight(`stream:${c.id}`)).toBe(slots));
      // Not a large list: no heavy-read slot.
      expect(heavyReadsInFlight(c.id)).toBe(0);
      const refused = await get(`${origin}/api/partner/branches?x=1`, {
        'x-rooster-client': '1',
        'accept-language': 'en',
        cookie,
      });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
      expect(JSON.parse(refused.body).error.message).toMatch(/already has 8 reads under way/);
      for (const req of held) req.destroy();
      await vi.waitFor(() => expect(heavyReadsInFlight(`stream:${c.id}`)).toBe(0));
    } finally {
      for (const req of held) req.destroy();
      server.close();
    }
  });

  it('drops the connection when the portal refuses the token at its answer’s end, as on every other 401', async () => {
    const { origin, server } = await serve();
    const c = connection();
    try {
      const cookie = await cookieFor({ v: 1, connections: [c], activeId: c.id });
      // The client's writer as it ends an answer whose status is said again, 401, after the list.
      vi.mocked(streamListInto).mockResolvedValueOnce({
        status: 200,
        url: 'https://school.example/api/branches?x=1',
        durationMs: 3,
        attempts: 1,
        length: null,
        body: (out, done) => {
          out.write(ENVELOPE.slice(0, 30));
          setTimeout(() => {
            out.destroy();
            done(new PartnerApiError('upstream', 'token refused', { status: 401 }));
          }, 5);
        },
      });
      // The answer is cut short: read until its socket closes.
      await new Promise<void>((resolve) => {
        request(`${origin}/api/partner/branches?x=1`, { headers: { 'x-rooster-client': '1', cookie } }, (res) => {
          res.on('close', resolve).resume();
        })
          .on('error', () => resolve())
          .end();
      });
      await vi.waitFor(() => expect(isRemovedConnection(c.id)).resolves.toBe(true));
      await vi.waitFor(() => expect(heavyReadsInFlight(`stream:${c.id}`)).toBe(0));
    } finally {
      server.close();
    }
  });

  it('gives the heavy-read slot back and lets the portal’s answer go when the reader goes away', async () => {
    const { origin, server } = await serve();
    const c = connection();
    try {
      const cookie = await cookieFor({ v: 1, connections: [c], activeId: c.id });
      const { destroyed } = portalAnswer([ENVELOPE.slice(0, 30)], { ends: false });
      await new Promise<void>((resolve) => {
        const req = request(
          `${origin}/api/partner/appointments?x=1`,
          { headers: { 'x-rooster-client': '1', cookie } },
          (res) => {
            res.once('data', () => {
              // Mid-answer: the slot is held while the answer flows.
              expect(heavyReadsInFlight(c.id)).toBe(1);
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => undefined);
        req.on('close', () => resolve());
        req.end();
      });
      await vi.waitFor(() => {
        expect(heavyReadsInFlight(c.id)).toBe(0);
        expect(destroyed).toHaveBeenCalled();
      });
    } finally {
      server.close();
    }
  });

  it('lets the portal’s read go and gives the slot back at once when the reader leaves before its answer began', async () => {
    const { origin, behind, server } = await serve();
    const c = connection();
    let cancel: AbortSignal | undefined;
    // The portal has not begun to answer: the read waits until the layer cancels it.
    vi.mocked(streamListInto).mockImplementationOnce(
      (_target: unknown, _resource: unknown, _query: unknown, settings?: { cancel?: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          cancel = settings?.cancel;
          cancel?.addEventListener('abort', () => reject(new Error('cancelled')));
        }),
    );
    try {
      const cookie = await cookieFor({ v: 1, connections: [c], activeId: c.id });
      const req = request(`${origin}/api/partner/appointments?x=1`, { headers: { 'x-rooster-client': '1', cookie } });
      req.on('error', () => undefined);
      req.end();
      await vi.waitFor(() => expect(heavyReadsInFlight(c.id)).toBe(1));
      req.destroy();
      await vi.waitFor(() => {
        expect(cancel?.aborted).toBe(true);
        expect(heavyReadsInFlight(c.id)).toBe(0);
      });
      expect(behind).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('refuses a disconnected connection at once, though its seal was opened and kept', async () => {
    const { origin, behind, server } = await serve();
    const c = connection();
    try {
      const data: SessionData = { v: 1, connections: [c], activeId: c.id };
      const cookie = await cookieFor(data);
      const calls = vi.mocked(streamListInto).mock.calls.length;
      portalAnswer([ENVELOPE]);
      expect((await get(`${origin}/api/partner/appointments?x=1`, { 'x-rooster-client': '1', cookie })).status).toBe(
        200,
      );
      const seal = cookie.slice(cookie.indexOf('=') + 1);
      // Kept: the same contents come back without opening the seal again.
      expect(await openSealKept(seal)).toBe(await openSealKept(seal));
      await withoutConnection(data, c.id); // disconnected elsewhere: remembered as removed
      const again = await get(`${origin}/api/partner/appointments?x=1`, { 'x-rooster-client': '1', cookie });
      // Not answered by the layer: Next's route answers the 401 in words (the browser test reads it).
      expect(again.status).toBe(299);
      expect(behind).toEqual(['GET /api/partner/appointments?x=1']);
      expect(vi.mocked(streamListInto).mock.calls.length).toBe(calls + 1);
    } finally {
      server.close();
    }
  });
});
