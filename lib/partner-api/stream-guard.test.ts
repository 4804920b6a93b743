import { describe, expect, it } from 'vitest';
import { StreamTooLarge, tokenCutter, tokenMask } from './stream-guard';

const token = 'abcdefghijklmnopqrstuvwxyz';
const encoder = new TextEncoder();

/** The chunks through one cutter, as the browser would receive them. */
async function through(chunks: string[], maxBytes = 1 << 20): Promise<string> {
  const cutter = tokenCutter(token, maxBytes);
  const parts = chunks.flatMap((chunk) => cutter.push(encoder.encode(chunk)));
  return Buffer.concat([...parts, cutter.end()]).toString('utf8');
}

describe('a streamed portal answer', () => {
  const body = `{"response":{"message":"Bearer ${token} refused","data":[{"name":"${token}"}],"x":"${token}"}}`;
  const expected = body.split(token).join(tokenMask(token.length));

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

  it('keeps the answer’s length: the mask is as long as the token, short tokens included', () => {
    expect(expected).toHaveLength(body.length);
    for (const n of [8, 14, 15, 40]) expect(tokenMask(n)).toHaveLength(n);
    expect(tokenMask(40)).toMatch(/^\[token removed\]\*+$/);
  });

  it('passes a chunk on whole unless its last bytes could begin the token; then only those wait', () => {
    const cutter = tokenCutter(token, 1 << 20);
    const plain = encoder.encode('{"data":[{"name":"x"}');
    expect(cutter.push(plain)).toEqual([plain]);
    const parts = cutter.push(encoder.encode(`,"a":"${token.slice(0, 5)}`));
    expect(Buffer.concat(parts).toString()).toBe(',"a":"');
    expect(Buffer.from(cutter.end()).toString()).toBe(token.slice(0, 5));
  });

  it('errors once more bytes than the cap arrived, however they were split', async () => {
    await expect(through(['x'.repeat(60), 'y'.repeat(60)], 100)).rejects.toBeInstanceOf(StreamTooLarge);
    expect(await through(['x'.repeat(50), 'y'.repeat(50)], 100)).toHaveLength(100);
  });
});
