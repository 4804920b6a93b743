import { describe, expect, it } from 'vitest';
import { readEnvelopeHead } from './envelope-head';

describe('the head of an envelope', () => {
  it('reads only the status that stands directly in response, before its data', () => {
    const plain = '{"response":{"status":200,"message":"","data":[{"status":500}';
    expect(readEnvelopeHead(plain)).toEqual({ envelope: true, statuses: [200], dataAt: plain.indexOf('[') + 1 });
    const nested = readEnvelopeHead('{"response":{"extra":{"status":200,"s":"}\\""},"status":401,"data":[');
    expect(nested.statuses).toEqual([401]);
    expect(nested.dataAt).toBeGreaterThan(0);
    expect(readEnvelopeHead('{"response":{"a":["status",{"status":200}],"status":403,"data":[').statuses).toEqual([
      403,
    ]);
  });

  it('sees every status it says, an escaped key included', () => {
    expect(readEnvelopeHead('{"response":{"status":200,"status":401,"data":[').statuses).toEqual([200, 401]);
    expect(readEnvelopeHead('{"response":{"status":200,"st\\u0061tus":401,"data":[').statuses).toEqual([200, 401]);
    expect(readEnvelopeHead('{ "response" : { "status" : "200" , "data" : [ ').statuses).toEqual([200]);
    expect(readEnvelopeHead('{"response":{"status":null,"status":true,"data":[').statuses).toEqual([NaN, NaN]);
  });

  it('says what a head cut short or not an envelope holds', () => {
    expect(readEnvelopeHead('{"response":{"status":200,"mess').dataAt).toBe(-1);
    expect(readEnvelopeHead('{"other":{"status":200},"response":{"data":[').envelope).toBe(false);
    expect(readEnvelopeHead('<html>').envelope).toBe(false);
    expect(readEnvelopeHead('{"response":{"status":200,"data":{"x":1}}}').dataAt).toBe(-1);
  });
});
