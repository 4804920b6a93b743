import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { RedisStore } from '@/lib/platform/state/redis-store.server';
import {
  call,
  exchangeCode,
  guardedLookup,
  readList,
  readListBatches,
  readListUnparsed,
  readPartner,
  streamList,
  streamListInto,
  type PortalTarget,
} from './client.server';
import { Writable } from 'node:stream';
import { PortalBreakers } from './resilience.server';
import { FAIR_SHARE, portalShare } from './transport/sockets.server';
import { countsAsPortalFailure as countsAsFailure } from './transport/wire-errors.server';
import { tokenMask } from './stream-guard';
import { apiErrorBody, apiStatusFor, PartnerApiError } from './errors';

// The partner-API client against a fake portal whose answers each test scripts.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let target: PortalTarget;
let script: Handler[] = [];
let seen: { method?: string; url?: string; authorization?: string }[] = [];
const sleeps: number[] = [];
// Retries wait for real (cockatiel's timers), on a scale of milliseconds.
const fast = {
  backoffBaseMs: 4,
  onRetry: (ms: number) => void sleeps.push(ms),
  random: () => 0.5,
  breaker: null,
};
const breakers = (threshold: number, coolDownMs: number) =>
  new PortalBreakers({ threshold, coolDownMs, countsAsFailure });

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    const next = script.shift() ?? ((_: IncomingMessage, r: ServerResponse) => r.writeHead(500).end());
    next(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    trust: 'listed',
    token: 'secret-token-1234',
  };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [];
  seen = [];
  sleeps.length = 0;
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const envelope = (data: unknown[]) => ({
  response: {
    status: 200,
    message: '',
    details: '',
    eventId: 0,
    startRow: 0,
    endRow: data.length,
    totalRows: data.length,
    data,
  },
});
const failure = (status: number, message: string, eventId = 777) => ({
  response: { status, message, details: 'more words', eventId },
});

describe('requests', () => {
  it('sends the bearer token to the connection’s base URL and reads records leniently', async () => {
    script = [
      json(
        200,
        envelope([
          { id: 1, start: 1_794_817_800_000, teachers: ['abc'] },
          { id: { bad: true } },
          { id: 3, extra: 'kept' },
        ]),
      ),
    ];
    const result = await readList(
      target,
      'appointments',
      new URLSearchParams({ schoolInSchoolYear: '1', fields: 'id,start,teachers' }),
      fast,
    );
    expect(seen[0]).toEqual({
      method: 'GET',
      url: '/api/appointments?schoolInSchoolYear=1&fields=id%2Cstart%2Cteachers',
      authorization: 'Bearer secret-token-1234',
    });
    expect(result.rows).toEqual([
      { id: 1, start: 1_794_817_800, teachers: ['abc'] },
      { id: 3, extra: 'kept' },
    ]);
    expect(result.unreadable).toBe(1);
    expect(result.body).toBeUndefined();
  });

  it('with raw, holds the portal’s answer only: no rows beside it', async () => {
    const data = [{ id: 1, start: 1_794_817_800 }, { id: 2 }];
    script = [json(200, envelope(data))];
    const result = await readList(target, 'appointments', new URLSearchParams({ fields: 'id,start' }), fast, {
      raw: true,
    });
    expect(result.rows).toEqual([]);
    expect(result.totalRows).toBe(2);
    expect((result.body as { response: { data: unknown[] } }).response.data).toEqual(data);
  });

  it('lets the body’s status win over HTTP 200', async () => {
    script = [json(200, failure(403, 'No rights for field students', 4242))];
    const error = await readList(target, 'appointments', new URLSearchParams(), fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({
      kind: 'upstream',
      message: 'No rights for field students',
      info: { status: 403, eventId: 4242, details: 'more words' },
    });
  });

  it('passes a list on unparsed: its bytes as sent, or its text with the token cut out, the head judged', async () => {
    const data = [{ id: 1, students: ['1001'] }];
    const rows = new URLSearchParams({ fields: 'id,students' });
    script = [json(200, envelope(data))];
    const clean = await readListUnparsed(target, 'appointments', rows, fast);
    expect(clean).toMatchObject({ headStatus: 200 });
    expect(JSON.parse(Buffer.from((clean as { bytes: Uint8Array }).bytes).toString('utf8'))).toEqual(envelope(data));

    // An answer that echoes the token is decoded here and the token cut out before it goes anywhere.
    script = [json(200, envelope([{ id: 2, remark: `for ${target.token}` }]))];
    const echoed = await readListUnparsed(target, 'appointments', rows, fast);
    expect('text' in echoed && echoed.text).toContain(tokenMask(target.token!.length));
    expect(JSON.stringify(echoed)).not.toContain(target.token!);

    // The body's status wins over HTTP 200, as every read's does; a body without a list is parsed here.
    script = [json(200, failure(403, 'No rights for field students', 4242))];
    await expect(readListUnparsed(target, 'appointments', rows, fast)).rejects.toMatchObject({
      kind: 'upstream',
      info: { status: 403, eventId: 4242 },
    });
    script = [json(200, { response: { data: [] } })];
    expect(await readListUnparsed(target, 'appointments', rows, fast)).toMatchObject({ headStatus: null });
  });

  it('reads /partners/~me and exchanges a code with POST, no token sent', async () => {
    script = [
      json(200, { access_token: 'tok', token_type: 'bearer', expires_in: 100 }),
      json(200, envelope([{ name: 'P', endpoints: [], schoolInSchoolYears: [] }])),
    ];
    expect((await exchangeCode(target, '123456789012', fast)).access_token).toBe('tok');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/oauth/token?code=123456789012',
      authorization: undefined,
    });
    expect((await readPartner(target, fast)).name).toBe('P');
  });

  it('cuts the token out of everything a portal echoes it into', async () => {
    script = [
      json(403, failure(403, `Token ${target.token} has no rights`)),
      json(200, envelope([{ name: `Partner for Bearer ${target.token}`, endpoints: [], schoolInSchoolYears: [] }])),
    ];
    const error = await call(target, 'GET', '/appointments', undefined, fast).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(JSON.stringify(apiErrorBody(error as PartnerApiError))).not.toContain(target.token!);
    expect((error as PartnerApiError).message).toContain('[token removed]');
    expect((await readPartner(target, fast)).name).toBe(`Partner for Bearer ${tokenMask(target.token!.length)}`);
  });

  it('pauses by the base URL that failed; a call without a breaker is neither paused nor counted', async () => {
    const breaker = breakers(2, 60_000);
    const wrongPath = { ...target, baseUrl: target.baseUrl.replace(/\/api$/, '/not-a-portal/api') };
    script = [json(500, failure(500, 'no')), json(500, failure(500, 'no')), json(200, envelope([]))];
    for (let i = 0; i < 2; i++)
      await call(wrongPath, 'GET', '/branches', undefined, { ...fast, breaker }).catch(() => null);
    await expect(call(wrongPath, 'GET', '/branches', undefined, { ...fast, breaker })).rejects.toMatchObject({
      kind: 'paused',
    });
    expect((await call(target, 'GET', '/branches', undefined, { ...fast, breaker })).status).toBe(200);

    // A paused portal does not stop a call made without the breaker (connect attempts pass null).
    script = [json(500, failure(500, 'no')), json(500, failure(500, 'no'))];
    for (let i = 0; i < 2; i++)
      await call(target, 'GET', '/branches', undefined, { ...fast, breaker }).catch(() => null);
    await expect(call(target, 'GET', '/branches', undefined, { ...fast, breaker })).rejects.toMatchObject({
      kind: 'paused',
    });
    script = [json(200, { access_token: 'tok', token_type: 'bearer', expires_in: 100 })];
    expect((await exchangeCode(target, '123456789012', { ...fast, breaker: null })).access_token).toBe('tok');
  });

  it('sends the code in the query and as a form body, so either reading works', async () => {
    let received: { type?: string; body: string } | undefined;
    script = [
      (req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received = { type: req.headers['content-type'], body };
          json(200, { access_token: 'tok', token_type: 'bearer', expires_in: 100 })(req, res);
        });
      },
    ];
    expect((await exchangeCode(target, '123456789012', fast)).access_token).toBe('tok');
    expect(seen[0]?.url).toBe('/api/oauth/token?code=123456789012');
    expect(received).toEqual({
      type: 'application/x-www-form-urlencoded',
      body: 'grant_type=authorization_code&code=123456789012',
    });
  });
});

describe('retries', () => {
  it('retries a GET on 503 honouring Retry-After, then succeeds', async () => {
    script = [json(503, failure(503, 'busy'), { 'retry-after': '1' }), json(200, envelope([{ name: 'P' }]))];
    const result = await call(target, 'GET', '/partners/~me', undefined, fast);
    expect(result.attempts).toBe(2);
    expect(sleeps).toEqual([1000]);
  });

  it('backs off with jitter on 502/504 and network errors, then gives up with the last error', async () => {
    const cut: Handler = (req) => req.socket.destroy();
    script = [json(502, failure(502, 'bad gateway')), cut, json(504, failure(504, 'gateway timeout', 9))];
    const error = await call(target, 'GET', '/branches', undefined, fast).catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([4 + 0.5 * 4, 8 + 0.5 * 8]);
    expect(error).toMatchObject({ kind: 'upstream', info: { status: 504, eventId: 9 } });
    expect(apiStatusFor(error as PartnerApiError)).toBe(502);
  });

  it('never retries a POST, nor a 500 or a 4xx', async () => {
    script = [json(503, failure(503, 'busy'))];
    await expect(exchangeCode(target, '1', fast)).rejects.toMatchObject({ info: { status: 503 } });
    script = [json(500, failure(500, 'boom'))];
    await expect(call(target, 'GET', '/branches', undefined, fast)).rejects.toMatchObject({ info: { status: 500 } });
    script = [json(400, failure(400, 'Missing required parameter: fields'))];
    await expect(call(target, 'GET', '/branches', undefined, fast)).rejects.toMatchObject({
      message: 'Missing required parameter: fields',
    });
    expect(seen).toHaveLength(3);
  });

  it('stops when Retry-After would pass the total budget and reports 429 with it', async () => {
    script = [json(429, failure(429, 'slow down'), { 'retry-after': '120' })];
    const error = (await call(target, 'GET', '/branches', undefined, fast).catch((e: unknown) => e)) as PartnerApiError;
    expect(seen).toHaveLength(1);
    expect(apiErrorBody(error)).toEqual({
      error: { status: 429, message: 'slow down', details: 'more words', eventId: 777, retryAfter: 120 },
    });
  });
});

describe('failures become typed errors', () => {
  it('times out a slow portal', async () => {
    script = [(_req, res) => setTimeout(() => json(200, envelope([]))(_req, res), 1500)];
    const error = await call(target, 'GET', '/branches', undefined, { ...fast, timeoutMs: 200, maxAttempts: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(apiStatusFor(error as PartnerApiError)).toBe(504);
  });

  it('does not follow redirects', async () => {
    script = [(_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end()];
    await expect(call(target, 'GET', '/branches', undefined, fast)).rejects.toMatchObject({ kind: 'redirect' });
    expect(seen).toHaveLength(1);
  });

  it('refuses an HTML page and broken JSON as not the partner API', async () => {
    script = [(_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Login</html>')];
    await expect(call(target, 'GET', '/partners/~me', undefined, fast)).rejects.toMatchObject({
      kind: 'not-partner-api',
      message: expect.stringMatching(/web page/),
    });
    script = [
      (_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"response":{"status":200,"data":[{'),
    ];
    await expect(call(target, 'GET', '/partners/~me', undefined, fast)).rejects.toMatchObject({
      kind: 'not-partner-api',
    });
  });

  it('caps the response size, declared or streamed', async () => {
    script = [json(200, envelope([{ blob: 'x'.repeat(5000) }]))];
    await expect(call(target, 'GET', '/branches', undefined, { ...fast, maxBytes: 1000 })).rejects.toMatchObject({
      kind: 'too-large',
    });
    script = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('['.padEnd(800, ' '));
        res.end(' '.repeat(800));
      },
    ];
    await expect(call(target, 'GET', '/branches', undefined, { ...fast, maxBytes: 1000 })).rejects.toMatchObject({
      kind: 'too-large',
    });
  });

  it('reports a portal that is not there as unreachable', async () => {
    const gone = { ...target, baseUrl: 'http://127.0.0.1:9/api' };
    await expect(call(gone, 'GET', '/branches', undefined, { ...fast, maxAttempts: 2 })).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });
});

describe('the connect-time address guard', () => {
  type Answer = { address: string; family: number }[];
  const resolverAnswering = (...answers: Answer[]) => {
    let n = 0;
    return (_host: string, _opts: { all: true }, cb: (e: NodeJS.ErrnoException | null, a: Answer) => void) =>
      cb(null, answers[Math.min(n++, answers.length - 1)]!);
  };
  const ask = (lookup: ReturnType<typeof guardedLookup>) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('portal.school.example', {}, (error, address) => resolve({ error, address })),
    );

  it('lets public answers through and refuses a rebinding to loopback on the next connection', async () => {
    const lookup = guardedLookup(
      resolverAnswering([{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]),
    );
    expect(await ask(lookup)).toEqual({ error: null, address: '93.184.216.34' });
    const second = await ask(lookup);
    expect(second.error?.code).toBe('EREFUSEDADDRESS');
  });

  it.each([['10.0.0.8'], ['169.254.169.254'], ['::1'], ['::ffff:127.0.0.1'], ['fd00::1']])(
    'refuses %s, even next to a public answer',
    async (inside) => {
      const lookup = guardedLookup(
        resolverAnswering([
          { address: '93.184.216.34', family: 4 },
          { address: inside, family: inside.includes(':') ? 6 : 4 },
        ]),
      );
      expect((await ask(lookup)).error?.code).toBe('EREFUSEDADDRESS');
    },
  );
});

describe('the circuit breaker in the client', () => {
  afterEach(() => vi.useRealTimers());

  it('pauses a portal after a burst of 500s without calling it, and lets it recover', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // cockatiel reads the cool-down from Date.now()
    const settings = { ...fast, breaker: breakers(3, 5000) };
    script = [json(500, failure(500, 'boom')), json(500, failure(500, 'boom')), json(500, failure(500, 'boom'))];
    for (let i = 0; i < 3; i++)
      await expect(call(target, 'GET', '/branches', undefined, settings)).rejects.toMatchObject({
        info: { status: 500 },
      });
    const paused = (await call(target, 'GET', '/branches', undefined, settings).catch(
      (e: unknown) => e,
    )) as PartnerApiError;
    expect(paused.kind).toBe('paused');
    expect(apiErrorBody(paused).error).toMatchObject({ status: 503, retryAfter: 5 });
    expect(seen).toHaveLength(3);
    // Another portal is not affected.
    const other = { ...target, baseUrl: target.baseUrl.replace('127.0.0.1', 'localhost') };
    script = [json(200, envelope([]))];
    await expect(call(other, 'GET', '/branches', undefined, settings)).resolves.toMatchObject({ status: 200 });
    vi.setSystemTime(Date.now() + 5000);
    script = [json(200, envelope([])), json(200, envelope([]))];
    await expect(call(target, 'GET', '/branches', undefined, settings)).resolves.toMatchObject({ status: 200 });
    await expect(call(target, 'GET', '/branches', undefined, settings)).resolves.toMatchObject({ status: 200 });
  });

  it('does not count a refusal (4xx) as a failing portal', async () => {
    const breaker = breakers(1, 5000);
    script = [json(403, failure(403, 'no rights')), json(200, envelope([]))];
    await expect(call(target, 'GET', '/branches', undefined, { ...fast, breaker })).rejects.toMatchObject({
      info: { status: 403 },
    });
    await expect(call(target, 'GET', '/branches', undefined, { ...fast, breaker })).resolves.toMatchObject({
      status: 200,
    });
  });

  it('a portal paused by one instance is paused on another sharing the Redis store, until the cool-down ends', async () => {
    const shared = new RedisStore(inject('redisUrl'));
    const board = () => shared;
    const one = new PortalBreakers({ threshold: 2, coolDownMs: 1500, countsAsFailure }, board);
    const two = new PortalBreakers({ threshold: 2, coolDownMs: 1500, countsAsFailure }, board);
    const portal = { ...target, baseUrl: `${target.baseUrl}/${Math.random().toString(36).slice(2)}` };
    try {
      script = [json(500, failure(500, 'boom')), json(500, failure(500, 'boom'))];
      for (let i = 0; i < 2; i++)
        await call(portal, 'GET', '/branches', undefined, { ...fast, breaker: one }).catch(() => null);
      await until(async () => (await two.pausedFor(portal.baseUrl)) > 0);
      const calls = seen.length;
      await expect(call(portal, 'GET', '/branches', undefined, { ...fast, breaker: two })).rejects.toMatchObject({
        kind: 'paused',
      });
      expect(seen).toHaveLength(calls); // the other instance did not call the portal
      await until(async () => (await two.pausedFor(portal.baseUrl)) === 0);
      script = [json(200, envelope([]))];
      await expect(call(portal, 'GET', '/branches', undefined, { ...fast, breaker: two })).resolves.toMatchObject({
        status: 200,
      });
    } finally {
      await shared.close();
    }
  });
});

/** Waits until a condition holds (the store's own clock decides when a pause ends). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition never held');
}

describe('a streamed list read', () => {
  const big = (n: number) =>
    envelope(Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}`.padEnd(200, '.') })));
  /** The envelope written in pieces, with a pause, as a portal sends a large answer. */
  const inPieces =
    (body: string, cutAfter?: number): Handler =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const half = Math.floor(body.length / 2);
      res.write(body.slice(0, half));
      setTimeout(() => {
        if (cutAfter !== undefined) {
          res.socket?.destroy();
          return;
        }
        res.end(body.slice(half));
      }, 20);
    };

  it('passes the portal’s envelope on as it arrives, byte for byte, the token cut out', async () => {
    const body = JSON.stringify({ ...big(300), echo: `Bearer ${target.token}` });
    script = [inPieces(body)];
    const answer = await streamList(target, 'branches', new URLSearchParams({ fields: 'id,name' }), fast);
    const text = await new Response(answer.body).text();
    expect(text).toBe(body.split(target.token!).join(tokenMask(target.token!.length)));
    expect(seen[0]!.authorization).toBe(`Bearer ${target.token}`);
  });

  it('retries before the first byte: a 503 then the answer', async () => {
    script = [json(503, failure(503, 'busy'), { 'retry-after': '0' }), json(200, big(3))];
    const answer = await streamList(target, 'branches', new URLSearchParams(), fast);
    expect(
      (JSON.parse(await new Response(answer.body).text()) as { response: { data: unknown[] } }).response.data,
    ).toHaveLength(3);
    expect(seen).toHaveLength(2);
  });

  it('lets the body’s status win: an envelope that says 403 is an error, not a stream', async () => {
    script = [json(200, failure(403, 'no rights for this field', 42))];
    await expect(streamList(target, 'branches', new URLSearchParams(), fast)).rejects.toMatchObject({
      kind: 'upstream',
      info: { status: 403, eventId: 42 },
    });
  });

  it('reads only the status that stands directly in response, and trusts no status said twice (≥ 64 KB, streamed)', async () => {
    const rows = JSON.stringify(big(1000).response.data);
    const lying = [
      `{"response":{"extra":{"status":200},"status":401,"message":"token expired","data":${rows}}}`,
      `{"response":{"status":200,"status":401,"message":"token expired","data":${rows}}}`,
      `{"response":{"status":200,"st\\u0061tus":401,"data":${rows}}}`,
      `{"response":{"status":401,"status":200,"data":${rows}}}`,
    ];
    for (const body of lying) {
      expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
      for (const declared of [true, false]) {
        script = [
          (_req, res) => {
            res.writeHead(200, {
              'content-type': 'application/json',
              ...(declared ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
            });
            res.end(body);
          },
        ];
        await expect(
          streamListInto(target, 'branches', new URLSearchParams(), fast),
          `${body.slice(0, 60)} declared ${declared}`,
        ).rejects.toMatchObject({ kind: 'upstream', info: { status: 401 } });
      }
    }
    // Said twice, neither a refusal: not the partner API, never a list.
    script = [inPieces(`{"response":{"status":200,"status":200,"data":${rows}}}`)];
    await expect(streamList(target, 'branches', new URLSearchParams(), fast)).rejects.toMatchObject({
      kind: 'not-partner-api',
    });
    // Read whole, the same rule.
    script = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"response":{"extra":{"status":200},"status":200,"data":[],"status":401}}');
      },
    ];
    await expect(readList(target, 'branches', new URLSearchParams(), fast)).rejects.toMatchObject({
      kind: 'upstream',
      info: { status: 401 },
    });
  });

  it('a status said again after a streamed list breaks the answer off: a 401 as a refused token, never a clean end', async () => {
    const rows = JSON.stringify(big(1000).response.data);
    for (const [late, kind, status] of [
      ['"status":401', 'upstream', 401],
      ['"st\\u0061tus" : "401"', 'upstream', 401],
      ['"status":200', 'not-partner-api', undefined],
    ] as const) {
      script = [inPieces(`{"response":{"status":200,"data":${rows},${late}}}`)];
      const reader = slowReader(await streamListInto(target, 'branches', new URLSearchParams(), fast));
      const told = await reader.told;
      expect(told, late).toMatchObject({ kind, ...(status ? { info: { status } } : {}) });
      expect(reader.out.destroyed && !reader.out.writableFinished).toBe(true);
    }
    // Other members after the list are as they were.
    script = [inPieces(`{"response":{"status":200,"data":${rows},"totalRows":1000}}`)];
    expect(await slowReader(await streamListInto(target, 'branches', new URLSearchParams(), fast)).told).toBeNull();
  });

  it('passes an answer declared large on once its envelope’s head is read, before the rest was sent', async () => {
    const body = JSON.stringify(big(1000));
    let finish = () => {};
    script = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
        // The head and a few records; the rest only once the read was passed on.
        res.write(body.slice(0, 2000));
        finish = () => res.end(body.slice(2000));
      },
    ];
    const answer = await streamList(target, 'branches', new URLSearchParams(), fast);
    expect(answer.length).toBe(Buffer.byteLength(body));
    finish();
    expect(await new Response(answer.body).text()).toBe(body);
  });

  it('lets the read go at once when its reader leaves before the answer began: not retried, not held against the portal', async () => {
    const breaker = breakers(1, 60_000);
    const leaving = new AbortController();
    // The portal takes its time to begin; the reader leaves meanwhile.
    script = [(_req, res) => setTimeout(() => res.headersSent || res.writeHead(200).end('{}'), 5_000)];
    setTimeout(() => leaving.abort(), 50);
    const error = await streamList(target, 'branches', new URLSearchParams(), {
      ...fast,
      breaker,
      cancel: leaving.signal,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cancelled' });
    expect(seen).toHaveLength(1);
    // One failure would have paused the portal (threshold 1): a reader leaving is not a portal failure,
    // so the next read goes to the portal.
    script = [json(200, envelope([]))];
    await expect(streamList(target, 'branches', new URLSearchParams(), { ...fast, breaker })).resolves.toMatchObject({
      status: 200,
    });
    expect(seen).toHaveLength(2);
  });

  it('the trial read after a pause runs to its verdict though its reader leave: a portal still down stays paused', async () => {
    const breaker = breakers(1, 20);
    script = [json(500, failure(500, 'down'))];
    await expect(streamList(target, 'branches', new URLSearchParams(), { ...fast, breaker })).rejects.toMatchObject({
      info: { status: 500 },
    });
    // Past the cool-down: the next read is the trial. Its reader leaves while the portal is still down.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const leaving = new AbortController();
    script = [
      (_req, res) => {
        leaving.abort();
        setTimeout(
          () => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(failure(500, 'down'))),
          20,
        );
      },
    ];
    await expect(
      streamList(target, 'branches', new URLSearchParams(), { ...fast, breaker, cancel: leaving.signal }),
    ).rejects.toMatchObject({ info: { status: 500 } });
    // Not taken for the portal being back: the next read is paused, not sent.
    await expect(streamList(target, 'branches', new URLSearchParams(), { ...fast, breaker })).rejects.toMatchObject({
      kind: 'paused',
    });
    expect(seen).toHaveLength(2);
  });

  it('an answer that breaks off after the first bytes errors the stream: never a shorter list that looks whole', async () => {
    // The first half (past the 64 KB head) is passed on before the cut.
    script = [inPieces(JSON.stringify(big(2000)), 1)];
    const answer = await streamList(target, 'branches', new URLSearchParams(), fast);
    await expect(new Response(answer.body).text()).rejects.toThrow();
  });

  it('counts the size as it flows and stops past the cap', async () => {
    script = [inPieces(JSON.stringify(big(2000)))];
    const answer = await streamList(target, 'branches', new URLSearchParams(), { ...fast, maxBytes: 300_000 });
    // The stream errs with the client's own error, as a read whole would.
    await expect(new Response(answer.body).text()).rejects.toMatchObject({ kind: 'too-large' });
  });

  /** A browser's socket as a writable that takes its time (each write 2 ms), and what `done` said. */
  function slowReader(opened: Awaited<ReturnType<typeof streamListInto>>) {
    const chunks: Buffer[] = [];
    let mostWaiting = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        mostWaiting = Math.max(mostWaiting, out.writableLength);
        setTimeout(callback, 2);
      },
    });
    const told = new Promise<PartnerApiError | null>((resolve) => opened.body(out, resolve));
    return { out, told, text: () => Buffer.concat(chunks).toString('utf8'), mostWaiting: () => mostWaiting };
  }

  it('written straight into the browser’s socket: byte for byte, the token cut out, at the reader’s pace', async () => {
    const body = JSON.stringify({ ...big(8000), echo: `Bearer ${target.token}` });
    script = [inPieces(body)];
    const opened = await streamListInto(target, 'branches', new URLSearchParams(), fast);
    const reader = slowReader(opened);
    expect(await reader.told).toBeNull();
    expect(reader.out.writableFinished).toBe(true);
    expect(reader.text()).toBe(body.split(target.token!).join(tokenMask(target.token!.length)));
    // At its pace: the portal's answer waited while the reader was full (a socket read or two
    // waiting at most), not the first half of the answer piled up in front of it.
    expect(body.length).toBeGreaterThan(1_500_000);
    expect(reader.mostWaiting()).toBeLessThan(300_000);
  });

  it('one session cannot starve a portal: its share of the sockets is capped, a reader that reads nothing is cut', async () => {
    const other: PortalTarget = { ...target, token: 'another-session-token-5678' };
    const body = JSON.stringify(big(2000)); // ~450 KB, never sent whole: the portal holds each answer open
    let greedyLetGo = 0;
    const portal: Handler = (req, res) => {
      if (req.headers.authorization === `Bearer ${other.token}`) return json(200, envelope([{ id: 1 }]))(req, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, 300_000));
      res.on('close', () => (greedyLetGo += res.writableFinished ? 0 : 1));
    };
    script = Array.from({ length: 19 }, () => portal);
    const events: string[] = [];
    // 18 streamed reads of a large list, none of them read (a socket whose reader never takes a byte).
    const greedy = Array.from({ length: 18 }, async () => {
      const opened = await streamListInto(target, 'employees', new URLSearchParams(), {
        ...fast,
        readerStallMs: 1_500,
      });
      const out = new Writable({ highWaterMark: 1, write: () => undefined });
      const told = await new Promise<PartnerApiError | null>((resolve) => opened.body(out, resolve));
      events.push('greedy cut');
      return told;
    });
    await vi.waitFor(() => expect(portalShare(target.baseUrl, target.token!).busy).toBe(FAIR_SHARE));
    // No more than its share at the portal; the rest wait their turn.
    expect(portalShare(target.baseUrl, target.token!)).toEqual({ busy: FAIR_SHARE, waiting: 18 - FAIR_SHARE });
    // Another session's read starts at once and answers while the greedy ones still hold theirs.
    const read = await readList(other, 'employees', new URLSearchParams(), fast);
    events.push('other answered');
    expect(read.rows).toHaveLength(1);
    // Each greedy reader is cut seconds after it stopped reading (not at the portal's 55 s), its
    // portal answer let go, and the share given back.
    for (const told of await Promise.all(greedy)) expect(told).toMatchObject({ kind: 'cancelled' });
    expect(events[0]).toBe('other answered');
    await vi.waitFor(() => expect(greedyLetGo).toBe(18));
    expect(portalShare(target.baseUrl, target.token!)).toEqual({ busy: 0, waiting: 0 });
  }, 30_000);

  it('gives a socket share back when the request cannot even be made (a token Node will not send)', async () => {
    const broken: PortalTarget = { ...target, token: 'broken\ntoken-123456' };
    for (let i = 0; i < FAIR_SHARE + 1; i++)
      await expect(readList(broken, 'branches', new URLSearchParams(), fast)).rejects.toBeInstanceOf(PartnerApiError);
    expect(portalShare(broken.baseUrl, broken.token!)).toEqual({ busy: 0, waiting: 0 });
  });

  it('an answer that ends cleanly but did not close its JSON is an error, never a clean end', async () => {
    const whole = JSON.stringify(big(2000));
    // Cut mid-record, after a comma, in a string, or before the envelope's last brace.
    const at = (c: string) => whole.indexOf(c, 200_000) + 1;
    for (const body of [
      whole.slice(0, 200_000),
      whole.slice(0, at(',')),
      whole.slice(0, at('"')),
      whole.slice(0, -1),
    ]) {
      script = [inPieces(body)];
      const cut = slowReader(await streamListInto(target, 'branches', new URLSearchParams(), fast));
      expect(await cut.told, body.slice(-20)).toMatchObject({ kind: 'not-partner-api' });
      expect(cut.out.destroyed && !cut.out.writableFinished).toBe(true);
      script = [inPieces(body)];
      const web = await streamList(target, 'branches', new URLSearchParams(), fast);
      await expect(new Response(web.body).text()).rejects.toThrow();
    }
    // A whole one, white space after it included, ends as it is.
    script = [inPieces(`${whole}\n `)];
    const good = slowReader(await streamListInto(target, 'branches', new URLSearchParams(), fast));
    expect(await good.told).toBeNull();
    expect(good.text()).toBe(`${whole}\n `);
  });

  it('written straight in: an answer that breaks off or passes the cap cuts the socket short, never ends it', async () => {
    script = [inPieces(JSON.stringify(big(2000)), 1)];
    const broken = slowReader(await streamListInto(target, 'branches', new URLSearchParams(), fast));
    expect(await broken.told).toMatchObject({ kind: 'unreachable' });
    expect(broken.out.destroyed && !broken.out.writableFinished).toBe(true);

    script = [inPieces(JSON.stringify(big(2000)))];
    const capped = slowReader(
      await streamListInto(target, 'branches', new URLSearchParams(), { ...fast, maxBytes: 300_000 }),
    );
    expect(await capped.told).toMatchObject({ kind: 'too-large' });
    expect(capped.out.destroyed && !capped.out.writableFinished).toBe(true);
  });

  it('written straight in: a reader gone mid-answer, or before it began, lets the portal’s answer go', async () => {
    for (const when of ['mid-answer', 'before'] as const) {
      let portalLetGo = false;
      const body = JSON.stringify(big(2000));
      script = [
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(body.slice(0, 100_000)); // and never the rest
          res.on('close', () => (portalLetGo = !res.writableFinished));
        },
      ];
      const opened = await streamListInto(target, 'branches', new URLSearchParams(), fast);
      const out = new Writable({ write: (_chunk, _encoding, callback) => callback() });
      if (when === 'before') await new Promise((closed) => out.on('close', closed).destroy());
      const told = new Promise((resolve) => opened.body(out, resolve));
      if (when === 'mid-answer') out.destroy();
      expect(await told).toBeNull();
      await vi.waitFor(() => expect(portalLetGo, when).toBe(true), { timeout: 4_000 });
    }
  });

  it('reads a small or odd answer whole and judges it as every other: a web page is not the partner API', async () => {
    script = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>login</html>');
      },
    ];
    await expect(streamList(target, 'branches', new URLSearchParams(), fast)).rejects.toMatchObject({
      kind: 'not-partner-api',
    });
  });

  /** All rows and the unreadable count a batched read gives. */
  const allBatches = async (query = new URLSearchParams(), settings: object = fast) => {
    const { batches } = await readListBatches(target, 'appointments', query, settings);
    const rows: unknown[] = [];
    let unreadable = 0;
    let count = 0;
    for await (const batch of batches) {
      rows.push(...batch.rows);
      unreadable += batch.unreadable;
      count++;
    }
    return { rows, unreadable, count };
  };

  it('read in batches, gives readList’s rows and unreadable count, a chunk at a time', async () => {
    const data = Array.from({ length: 2000 }, (_, i) =>
      i % 97 === 5
        ? { id: { bad: true } }
        : {
            id: i,
            start: i % 3 ? 1_794_817_800 : 1_794_817_800_000,
            teachers: ['abc', null],
            text: `é ${i}`.repeat(9),
          },
    );
    const body = JSON.stringify({ ...envelope(data), echo: `Bearer ${target.token}` });
    script = [inPieces(body), inPieces(body)];
    const whole = await readList(target, 'appointments', new URLSearchParams(), fast);
    const batched = await allBatches();
    expect(batched.rows).toEqual(whole.rows);
    expect(batched.unreadable).toBe(whole.unreadable);
    expect(batched.unreadable).toBeGreaterThan(0);
    expect(batched.count).toBeGreaterThan(1);
  });

  it('read in batches, a small answer is one batch, an empty list none, a list-less envelope an error', async () => {
    script = [json(200, envelope([{ id: 1 }])), json(200, envelope([])), json(200, { response: { status: 200 } })];
    expect(await allBatches()).toEqual({ rows: [{ id: 1 }], unreadable: 0, count: 1 });
    expect(await allBatches()).toEqual({ rows: [], unreadable: 0, count: 0 });
    await expect(allBatches()).rejects.toMatchObject({ kind: 'not-partner-api' });
  });

  it('read in batches, an answer that breaks off or passes the cap is an error, never a shorter list', async () => {
    script = [inPieces(JSON.stringify(big(2000)), 1), inPieces(JSON.stringify(big(2000)))];
    await expect(allBatches()).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(allBatches(new URLSearchParams(), { ...fast, maxBytes: 300_000 })).rejects.toMatchObject({
      kind: 'too-large',
    });
  });

  it('read in batches, a reader that stops early lets the portal’s answer go', async () => {
    let closed = false;
    script = [
      (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(JSON.stringify(big(2000)).slice(0, 200_000));
        res.on('close', () => (closed = true));
      },
    ];
    const { batches } = await readListBatches(target, 'appointments', new URLSearchParams(), fast);
    for await (const batch of batches) if (batch.rows.length > 0) break;
    await vi.waitFor(() => expect(closed).toBe(true));
  });
});
