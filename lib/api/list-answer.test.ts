import { describe, expect, it } from 'vitest';
import { BODY_HEADER, META_HEADER } from './contract';
import { BrokenAnswer, readListAnswer } from './list-answer';

const streamed = (body: string) =>
  new Response(body, {
    headers: {
      [BODY_HEADER]: 'envelope',
      [META_HEADER]: JSON.stringify({ request: 'GET https://portal/api/branches', status: 200, durationMs: 12 }),
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
