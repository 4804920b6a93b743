import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { POST as connect } from '@/app/api/connections/route';
import { apiText, apiTranslator, inEnglish, say } from '@/lib/api/api-text';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { BODY_TIMEOUT_MS, HttpError, MAX_BODY_BYTES, readBody } from './api.server';
import { route } from '@/lib/connection/route.server';

// Rooster's API answers in the request's language: the language switch's cookie, else the
// browser's Accept-Language, else Dutch. English answers are word for word what they were.

const post = (body: string, headers: Record<string, string> = {}) =>
  new NextRequest('http://rooster.test/api/connections', {
    method: 'POST',
    body,
    headers: {
      'x-rooster-client': '1',
      origin: 'http://rooster.test',
      host: 'rooster.test',
      'content-type': 'application/json',
      ...headers,
    },
  });

const answer = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as { error: { message: string; field?: string } }),
});

const echo = route(async (req: NextRequest) => Response.json(await readBody(req, z.object({ a: z.number() }))));
const ctx = { params: Promise.resolve({}) };

describe('an answer that is too large (413)', () => {
  const big = JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES) });

  it('is in Dutch for a Dutch browser', async () => {
    const res = await answer(await echo(post(big, { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' }), ctx));
    expect(res).toMatchObject({
      status: 413,
      error: { status: 413, message: 'De inhoud van het verzoek is te groot: Rooster neemt hier hoogstens 8 KB aan.' },
    });
  });

  it('is today’s English for an English browser', async () => {
    const res = await answer(await echo(post(big, { 'accept-language': 'en-GB,en;q=0.9' }), ctx));
    expect(res.error).toEqual({
      status: 413,
      message: 'The request body is too large: Rooster accepts at most 8 KB here.',
    });
  });

  it('follows the language switch’s cookie over the browser', async () => {
    const res = await answer(await echo(post(big, { 'accept-language': 'nl', cookie: `${LOCALE_COOKIE}=en` }), ctx));
    expect(res.error.message).toBe('The request body is too large: Rooster accepts at most 8 KB here.');
  });

  it('is Dutch when the browser asks for neither language', async () => {
    const res = await answer(await echo(post(big, { 'accept-language': 'fr' }), ctx));
    expect(res.error.message).toMatch(/^De inhoud van het verzoek is te groot/);
  });
});

describe('a connect request that does not validate (400)', () => {
  const badCode = JSON.stringify({ method: 'code', portalUrl: 'https://school.example/api', code: '1234' });

  it('names the field, in Dutch', async () => {
    const res = await answer(await connect(post(badCode, { 'accept-language': 'nl' }), ctx));
    expect(res).toMatchObject({
      status: 400,
      error: { field: 'code', message: 'De koppelcode heeft 12 cijfers (spaties en streepjes mogen).' },
    });
  });

  it('names the field, in today’s English', async () => {
    const res = await answer(await connect(post(badCode, { 'accept-language': 'en' }), ctx));
    expect(res.error).toEqual({
      status: 400,
      field: 'code',
      message: 'The authorization code has 12 digits (spaces and dashes are fine).',
    });
  });

  it('says zod’s own words in the language too, and keeps them in English', async () => {
    const body = JSON.stringify({
      method: 'token',
      portalUrl: 'https://school.example/api',
      token: 'abcdefgh',
      stayConnected: 'yes',
    });
    const nl = await answer(await connect(post(body, { 'accept-language': 'nl' }), ctx));
    expect(nl.error).toMatchObject({ field: 'stayConnected', message: expect.stringMatching(/^Ongeldige invoer/) });
    const en = await answer(await connect(post(body, { 'accept-language': 'en' }), ctx));
    expect(en.error).toMatchObject({
      field: 'stayConnected',
      message: 'Invalid input: expected boolean, received string',
    });
  });

  it('refuses a body that is not JSON in the language asked for', async () => {
    expect((await answer(await connect(post('{', { 'accept-language': 'nl' }), ctx))).error.message).toBe(
      'De inhoud van het verzoek is geen JSON.',
    );
    expect((await answer(await connect(post('{', { 'accept-language': 'en' }), ctx))).error.message).toBe(
      'The request body is not JSON.',
    );
  });
});

describe('other failures', () => {
  it('refuses a call from outside Rooster’s pages in the language asked for', async () => {
    const res = await echo(post('{}', { 'x-rooster-client': '', 'accept-language': 'nl' }), ctx);
    expect((await answer(res)).error).toEqual({
      status: 403,
      message: 'Verzoeken aan de API van Rooster moeten van de eigen pagina’s van Rooster komen.',
    });
  });

  it('says Rooster’s own words about a portal, and passes the portal’s own words on as they are', async () => {
    const paused = route(async () => {
      throw new PartnerApiError('paused', apiText('partner.paused', { seconds: 30 }), { retryAfter: 30 });
    });
    const res = await paused(post('{}', { 'accept-language': 'nl' }), ctx);
    expect(res.headers.get('retry-after')).toBe('30');
    expect((await answer(res)).error).toEqual({
      status: 503,
      retryAfter: 30,
      message:
        'Het portal faalde een paar keer achter elkaar, dus Rooster roept het 30 s niet aan om het te laten herstellen. Probeer het zo opnieuw.',
    });
    const portal = route(async () => {
      throw new PartnerApiError('upstream', 'Veld bestaat niet', { status: 400, details: 'fields=x', eventId: 7 });
    });
    expect((await answer(await portal(post('{}', { 'accept-language': 'en' }), ctx))).error).toEqual({
      status: 400,
      message: 'Veld bestaat niet',
      details: 'fields=x',
      eventId: 7,
    });
  });

  it('keeps a plain HttpError message as it is', async () => {
    const plain = route(async () => {
      throw new HttpError(400, 'to must not be before from.');
    });
    expect((await answer(await plain(post('{}', { 'accept-language': 'nl' }), ctx))).error.message).toBe(
      'to must not be before from.',
    );
  });
});

describe('the api messages', () => {
  it('keep English in Error.message and say nested words in either language', () => {
    const inner = apiText('partner.webPage');
    const text = apiText('connect.notPartnerApi', { host: 'school.example', reason: { ...inner, clause: true } });
    expect(new HttpError(502, text).message).toBe(
      'school.example did not answer as a partner API (The address answered with a web page, not the partner API). Check that the portal URL ends in /api.',
    );
    expect(say(apiTranslator('nl'), text)).toBe(
      'school.example antwoordde niet als een partner-API (Het adres antwoordde met een webpagina, niet met de partner-API). Controleer of de URL van het portal op /api eindigt.',
    );
    expect(inEnglish(apiText('proxy.narrowForm', { param: 'only' }))).toBe(
      'only must be <field>:<value>, e.g. groups:4h1.',
    );
  });
});

describe('a body that never finishes', () => {
  it('is cut after BODY_TIMEOUT_MS with a 408 in words, not held open', async () => {
    vi.useFakeTimers();
    try {
      // One chunk, then nothing more: the stream never ends.
      const body = new ReadableStream<Uint8Array>({
        start: (c) => c.enqueue(new TextEncoder().encode('{"a":')),
      });
      const req = new NextRequest('http://rooster.test/api/connections', {
        method: 'PUT',
        body,
        headers: { 'x-rooster-client': '1', origin: 'http://rooster.test', host: 'rooster.test' },
        duplex: 'half',
      } as ConstructorParameters<typeof NextRequest>[1]);
      const answered = echo(req, ctx);
      await vi.advanceTimersByTimeAsync(BODY_TIMEOUT_MS - 1000);
      let settled = false;
      void answered.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2000);
      const res = await answered;
      expect(await answer(res)).toMatchObject({ status: 408, error: { message: expect.stringContaining('30 s') } });
    } finally {
      vi.useRealTimers();
    }
  });
});
