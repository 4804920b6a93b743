import { describe, expect, it } from 'vitest';
import { BODY_HEADER, META_HEADER } from './contract';
import { readRecord } from '@/lib/partner-api/schemas';
import { BrokenAnswer, readListAnswer } from './list-answer';

const streamed = (body: string, fieldTypes?: Record<string, string>) =>
  new Response(body, {
    headers: {
      [BODY_HEADER]: 'envelope',
      [META_HEADER]: JSON.stringify({
        request: 'GET https://portal/api/branches',
        status: 200,
        durationMs: 12,
        fieldTypes,
      }),
    },
  });

describe('a proxied list as the browser reads it', () => {
  it('reshapes a passed-on envelope once: records read leniently, the unreadable counted, meta from the header', async () => {
    const body = JSON.stringify({
      response: { status: 200, data: [{ id: 1, code: 'hg' }, { id: null, code: '' }, 'not a record'] },
    });
    const answer = await readListAnswer('branches', streamed(body));
    expect(answer.data).toEqual([
      { id: 1, code: 'hg' },
      { id: null, code: '' },
    ]);
    expect(answer.meta).toMatchObject({ totalRows: 2, upstreamRows: 3, unreadable: 1, durationMs: 12, status: 200 });
  });

  it('reads messy values by the field types the server names, as the server reads them', async () => {
    const raw = [
      { id: '7', start: '2026-11-16T08:30:00+01:00', cancelled: 1, teachers: ['abc', null], code: 'x' },
      { id: 'seven', start: 1, cancelled: false, teachers: [], code: 'y' },
    ];
    const body = JSON.stringify({ response: { status: 200, data: raw } });
    const fieldTypes = { id: 'long', start: 'timestamp', cancelled: 'boolean', teachers: 'string[]', code: 'string' };
    const answer = await readListAnswer('appointments', streamed(body, fieldTypes));
    expect(answer.data).toEqual([
      { id: 7, start: readRecord('appointments', raw[0])!.start, cancelled: true, teachers: ['abc'], code: 'x' },
    ]);
    expect(answer.data[0]).toEqual(readRecord('appointments', raw[0]));
    expect(readRecord('appointments', raw[1])).toBeUndefined();
    expect(answer.meta).toMatchObject({ totalRows: 1, unreadable: 1 });
  });

  it('an envelope cut anywhere before its end is a broken answer, never a shorter table', async () => {
    const body = JSON.stringify({ response: { status: 200, data: [{ id: 1 }, { id: 2 }, { id: 3 }] } });
    for (let i = 1; i < body.length; i++)
      await expect(readListAnswer('branches', streamed(body.slice(0, i)))).rejects.toBeInstanceOf(BrokenAnswer);
  });

  it('reads the server’s own {data, meta} as it is', async () => {
    const own = {
      data: [{ id: 1 }],
      meta: { totalRows: 1, upstreamRows: 1, unreadable: 0, durationMs: 1, request: '' },
    };
    expect(await readListAnswer('branches', new Response(JSON.stringify(own)))).toEqual(own);
  });
});
