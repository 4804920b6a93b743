import { describe, expect, it } from 'vitest';
import { fromWire, proxyParams, readRequest, toWire, writeRequest } from './state';

describe('the explorer request', () => {
  it('round-trips through the URL and becomes the proxy query', () => {
    const r = {
      fields: ['id', 'start'],
      filters: [
        ['teachers', 'abc'],
        ['cancelled', 'true'],
      ] as [string, string][],
      projects: [1261],
      run: true,
    };
    const url = writeRequest(new URLSearchParams('sort=id.asc'), r);
    expect(url.toString()).toBe('sort=id.asc&fields=id%2Cstart&p.teachers=abc&p.cancelled=true&project=1261&run=1');
    expect(readRequest(url, [])).toEqual(r);
    expect(proxyParams(r).toString()).toBe('fields=id%2Cstart&schoolInSchoolYear=1261&teachers=abc&cancelled=true');
  });

  it('turns date-time and week inputs into the wire form, and back', () => {
    expect(toWire('timestamp', '2026-11-16T00:00', 'Europe/Amsterdam')).toBe('1794783600');
    expect(fromWire('timestamp', '1794783600', 'Europe/Amsterdam')).toBe('2026-11-16T00:00');
    expect(toWire('week', '2026-W47', 'Europe/Amsterdam')).toBe('202647');
    expect(fromWire('week', '202647', 'Europe/Amsterdam')).toBe('2026-W47');
  });
});
