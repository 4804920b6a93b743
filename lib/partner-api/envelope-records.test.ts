import { describe, expect, it } from 'vitest';
import { envelopeRecords, EnvelopeUnreadable } from './envelope-records';

// The records of an envelope read chunk by chunk must be exactly JSON.parse's, wherever the
// chunks are cut (inside a string, an escape, a multi-byte character, a key), and a broken or
// cut-off envelope must never read as a shorter list that looks whole.

const bytes = (text: string) => new TextEncoder().encode(text);

function readIn(chunks: Uint8Array[]): unknown[] {
  const splitter = envelopeRecords();
  const out = chunks.flatMap((c) => splitter.push(c));
  splitter.end();
  return out;
}

/** Every way of cutting the text in two, and in single bytes. */
function cuts(text: string): Uint8Array[][] {
  const all = bytes(text);
  const ways: Uint8Array[][] = [];
  for (let at = 0; at <= all.length; at++) ways.push([all.subarray(0, at), all.subarray(at)]);
  ways.push(Array.from(all, (_, i) => all.subarray(i, i + 1)));
  return ways;
}

const records = [
  { id: 1, name: 'Zoë "de" Vries, 7°', teachers: ['abc', null], nested: { data: [1, 2, { x: '}]' }] } },
  { id: 2, text: 'back\\slash \\" and \u00e9\u{1F600} and , ] } [ {', empty: [], obj: {} },
  { id: 3, start: 1_794_817_800, n: -1.5e3, yes: true, no: false, none: null },
  'a string record',
  42,
  null,
  [1, [2]],
];

describe('envelope records', () => {
  it('gives JSON.parse’s records in order wherever the chunks are cut', () => {
    const text = JSON.stringify({
      response: { status: 200, message: '', data: records, totalRows: records.length },
      after: { data: ['not these'] },
    });
    for (const chunks of cuts(text)) expect(readIn(chunks)).toEqual(records);
  });

  it('reads an answer laid out with whitespace, data anywhere in the response', () => {
    const text = `\n {\r\n "before": {"data": [9]},\t"response" : {\n "data" : [ ${records
      .map((r) => JSON.stringify(r, null, 2))
      .join(' ,\n ')} ] , "status" : 200 }\n}\n`;
    for (const chunks of cuts(text)) expect(readIn(chunks)).toEqual(records);
  });

  it('reads an empty list as no records', () => {
    expect(readIn([bytes('{"response":{"status":200,"data":[]}}')])).toEqual([]);
  });

  it('an envelope without a data list has no records (an error), as readList says', () => {
    for (const text of [
      '{"response":{"status":200,"data":null}}',
      '{"response":{"status":200}}',
      '{"response":{"status":200,"other":{"data":[1]}}}',
      '{"data":[1]}',
      '[{"response":{"data":[1]}}]',
    ]) {
      expect(() => readIn([bytes(text)])).toThrow(EnvelopeUnreadable);
      if (text.startsWith('{')) expect(() => readIn([bytes(text)])).toThrow(/no data list/);
    }
  });

  it('a broken or cut-off envelope is broken, never a shorter list', () => {
    const whole = JSON.stringify({ response: { status: 200, data: records } });
    for (const text of [
      whole.slice(0, whole.length - 1),
      whole.slice(0, whole.indexOf('"id":2')),
      whole.slice(0, whole.length - 3),
      `${whole}x`,
      `${whole}{}`,
      '{"response":{"status":200,"data":[{"id":1},]}}',
      '{"response":{"status":200,"data":[,{"id":1}]}}',
      '{"response":{"status":200,"data":[{"id":1} {"id":2}]}}',
      '{"response":{"status":200,"data":[{"id":tru}]}}',
      '{"response":{"status":200,"data":[{"id":1]}]}}',
      '',
    ]) {
      const broken = () => readIn([bytes(text)]);
      expect(broken, text).toThrow(EnvelopeUnreadable);
      expect(() => JSON.parse(text), text).toThrow();
    }
  });
});
