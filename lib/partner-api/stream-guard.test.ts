import { describe, expect, it } from 'vitest';
import { guardStream, StreamTooLarge } from './stream-guard';

const token = 'abcdefghijklmnopqrstuvwxyz';
const encoder = new TextEncoder();

async function through(chunks: string[], maxBytes = 1 << 20): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      c.close();
    },
  });
  return new Response(source.pipeThrough(guardStream(token, maxBytes))).text();
}

describe('a streamed portal answer', () => {
  const body = `{"response":{"message":"Bearer ${token} refused","data":[{"name":"${token}"}],"x":"${token}"}}`;
  const expected = body.split(token).join('[token removed]');

  it('has the token cut out wherever a chunk boundary splits it: every offset, also into three parts', async () => {
    for (let i = 0; i <= body.length; i++) {
      expect(await through([body.slice(0, i), body.slice(i)])).toBe(expected);
      const j = Math.min(body.length, i + 7);
      expect(await through([body.slice(0, i), body.slice(i, j), body.slice(j)])).toBe(expected);
    }
    // One byte at a time.
    expect(await through([...body])).toBe(expected);
  });

  it('passes bytes through as they are where no token is in them, a near miss included', async () => {
    const text = `{"data":["${token.slice(0, -1)}X", "ab"]}`;
    expect(await through([text.slice(0, 20), text.slice(20)])).toBe(text);
  });

  it('errors once more bytes than the cap arrived, however they were split', async () => {
    await expect(through(['x'.repeat(60), 'y'.repeat(60)], 100)).rejects.toBeInstanceOf(StreamTooLarge);
    expect(await through(['x'.repeat(50), 'y'.repeat(50)], 100)).toHaveLength(100);
  });
});
