import { describe, expect, it } from 'vitest';
import { redactToken, StreamTooLarge, tokenCutter, tokenMask } from './stream-guard';

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

describe('a streamed portal answer that echoes the token JSON-escaped', () => {
  const slashed = 'ab/cd-EF.gh_ij~kl+mn/op=';
  const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const U = (c: string) => u(c).toUpperCase().replace('\\U', '\\u');
  /** Every form JSON may write `t` in, as a portal's encoder would (or a hostile one, mixed). */
  const forms = (t: string) => [
    [...t].map(u).join(''), // every character \u-escaped
    [...t].map(U).join(''), // upper-case hex
    [...t].map((c, i) => (i % 2 ? u(c) : c)).join(''), // every other one
    t.slice(0, -1) + u(t.at(-1)!), // only the last
    u(t[0]!) + t.slice(1), // only the first
    t.replaceAll('/', '\\/'), // PHP's json_encode
    [...t].map((c, i) => (c === '/' ? '\\/' : i % 3 === 0 ? U(c) : c)).join(''),
  ];

  /** The chunks through one cutter for token `t`. */
  const via = (t: string, chunks: string[]) => {
    const cutter = tokenCutter(t, 1 << 20);
    const parts = chunks.flatMap((chunk) => cutter.push(encoder.encode(chunk)));
    return Buffer.concat([...parts, cutter.end()]).toString('utf8');
  };

  for (const t of [token, slashed])
    it(`masks every escaped form of ${t === token ? 'a plain' : 'a slashed'} token, split at every offset, each by a mask of its own length`, () => {
      for (const form of forms(t).filter((f) => f !== t)) {
        // The browser's JSON.parse would give the token back:
        expect(JSON.parse(`"${form}"`)).toBe(t);
        const body = `{"response":{"message":"Bearer ${form} refused","data":[{"name":"x${form}"},"${t}"],"a":"\\\\${form}"}}`;
        const expected = body.replaceAll(form, tokenMask(form.length)).replaceAll(t, tokenMask(t.length));
        expect(expected).toHaveLength(body.length);
        for (let i = 0; i <= body.length; i++) {
          expect(via(t, [body.slice(0, i), body.slice(i)])).toBe(expected);
          const j = Math.min(body.length, i + 5);
          expect(via(t, [body.slice(0, i), body.slice(i, j), body.slice(j)])).toBe(expected);
        }
        expect(via(t, [...body])).toBe(expected);
        expect(redactToken(body, t)).toBe(expected);
        expect(JSON.stringify(JSON.parse(expected))).not.toContain(t);
      }
    });

  it('passes escapes that are not the token as they are, a near miss included', () => {
    const text = `{"url":"https:\\/\\/school.example\\/api","n":"${[...token.slice(0, -1)].map(u).join('')}\\u0058","q":"\\"${token.slice(0, -1)}\\u0041"}`;
    expect(via(token, [text.slice(0, 40), text.slice(40)])).toBe(text);
    expect(redactToken(text, token)).toBe(text);
  });
});
