import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import { buildListQuery } from '@/lib/partner-api/proxy-query';
import {
  fromWire,
  lacksBounds,
  otherRequestOf,
  portalRequest,
  proxyParams,
  readCompare,
  readRequest,
  shiftFilters,
  toWire,
  weekWindowFilters,
  writeCompare,
  writeRequest,
  type ExplorerRequest,
} from './state';

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

describe('the comparison request', () => {
  it('round-trips through the URL beside the explorer request', () => {
    const base = writeRequest(new URLSearchParams(), {
      fields: ['id'],
      filters: [['start', '1']],
      projects: [],
      run: true,
    });
    const c = { filters: [['start', '2']] as [string, string][], projects: [7], key: 'id' };
    const url = writeCompare(base, c);
    expect(url.toString()).toBe('fields=id&p.start=1&run=1&vs=1&vs.p.start=2&vs.project=7&vs.key=id');
    expect(readCompare(url)).toEqual(c);
    expect(readRequest(url, []).filters).toEqual([['start', '1']]);
    expect(readCompare(writeCompare(url, null))).toBeNull();
    // "The whole record" is a choice too; no key at all means the default.
    expect(readCompare(writeCompare(base, { ...c, key: null }))?.key).toBeNull();
    expect(readCompare(writeCompare(base, { filters: [], projects: [] }))).toEqual({ filters: [], projects: [] });
  });

  it('follows the explorer request: its filters, with the comparison’s values where it has them', () => {
    const request = {
      fields: ['id'],
      filters: [
        ['teachers', 'abc'],
        ['start', '1'],
      ] as [string, string][],
      projects: [1],
      run: true,
    };
    const other = otherRequestOf(request, {
      filters: [
        ['start', '2'],
        ['gone', 'x'],
      ],
      projects: [2],
    });
    expect(other).toEqual({
      ...request,
      filters: [
        ['teachers', 'abc'],
        ['start', '2'],
      ],
      projects: [2],
    });
  });

  it('moves date filters by whole weeks in the school zone, across the clock change', () => {
    const types = { start: 'timestamp', day: 'date', week: 'week', teachers: 'string' } as const;
    const zone = 'Europe/Amsterdam';
    const moved = shiftFilters(
      [
        ['start', toWire('timestamp', '2026-10-19T08:30', zone)],
        ['day', '2026-12-28'],
        ['week', '202653'],
        ['teachers', 'abc'],
      ],
      (n) => types[n as keyof typeof types],
      1,
      zone,
    );
    expect(fromWire('timestamp', moved[0]![1], zone)).toBe('2026-10-26T08:30');
    expect(moved.slice(1)).toEqual([
      ['day', '2027-01-04'],
      ['week', '202701'],
      ['teachers', 'abc'],
    ]);
  });
});

describe('a list opened without a request starts on this week', () => {
  const week = { from: '2026-11-16', to: '2026-11-22' };
  const zone = 'Europe/Amsterdam';
  const types: Record<string, FieldType> = {
    start: 'timestamp',
    end: 'timestamp',
    startDate: 'date',
    endDate: 'date',
    startWeek: 'week',
    endWeek: 'week',
  };
  const all = (name: string) => name in types;

  it('bounds moments from Monday 00:00 to the next Monday 00:00 in the school’s zone', () => {
    const filters = weekWindowFilters(all, (n) => types[n], week, zone);
    expect(filters).toEqual([
      ['start', String(DateTime.fromISO('2026-11-16T00:00', { zone }).toUnixInteger())],
      ['end', String(DateTime.fromISO('2026-11-23T00:00', { zone }).toUnixInteger())],
    ]);
  });

  it('takes the first pair the rights allow: days, then weeks, else none', () => {
    const only = (names: string[]) => (n: string) => names.includes(n);
    expect(
      weekWindowFilters(only(['startDate', 'endDate', 'startWeek', 'endWeek']), (n) => types[n], week, zone),
    ).toEqual([
      ['startDate', '2026-11-16'],
      ['endDate', '2026-11-22'],
    ]);
    expect(weekWindowFilters(only(['startWeek', 'endWeek', 'start']), (n) => types[n], week, zone)).toEqual([
      ['startWeek', '202647'],
      ['endWeek', '202647'],
    ]);
    expect(weekWindowFilters(only(['start']), (n) => types[n], week, zone)).toEqual([]);
  });

  it('applies only when the URL holds no request of its own', () => {
    const defaults: [string, string][] = [['startDate', '2026-11-16']];
    expect(readRequest(new URLSearchParams(''), ['id'], defaults).filters).toEqual(defaults);
    expect(readRequest(new URLSearchParams('fields=id'), ['id'], defaults).filters).toEqual([]);
    expect(readRequest(new URLSearchParams('p.employee=abc'), ['id'], defaults).filters).toEqual([['employee', 'abc']]);
  });

  it('and to a link without a bound of a list that is never read whole (a shared link)', () => {
    const window: [string, string][] = [
      ['start', '1794783600'],
      ['end', '1795388400'],
    ];
    const read = (query: string) =>
      readRequest(new URLSearchParams(query), ['id'], window, (f) => lacksBounds('appointments', f)).filters;
    expect(read('fields=id,start,end&run=1')).toEqual(window);
    expect(read('fields=id&p.type=lesson')).toEqual([['type', 'lesson'], ...window]);
    // A bound of its own is the link's: kept as it is (a half window is the proxy's to refuse).
    expect(read('fields=id&p.start=1&p.end=2')).toEqual([
      ['start', '1'],
      ['end', '2'],
    ]);
    expect(read('fields=id&p.id=5')).toEqual([['id', '5']]);
    expect(read('fields=id&p.start=1')).toEqual([['start', '1']]);
  });

  it('knows which lists are never read whole without a bound', () => {
    expect(lacksBounds('appointments', [])).toBe(true);
    expect(lacksBounds('appointments', [['modifiedSince', '1']])).toBe(true);
    expect(lacksBounds('appointments', [['appointmentInstance', '7']])).toBe(false);
    expect(lacksBounds('employeeabsences', [])).toBe(false);
    expect(lacksBounds('users', [])).toBe(false);
  });
});

describe('the request as the portal gets it', () => {
  const base = 'https://school.example/api';
  const rights = { readFields: ['id', 'start', 'type'], filterFields: ['start', 'end', 'type', 'cancelled'] };
  const query = (request: string) => new URL(request.replace(/^GET /, '')).searchParams.toString();
  const request = (fields: string[], filters: [string, string][], projects: number[] = []): ExplorerRequest => ({
    fields,
    filters,
    projects,
    run: true,
  });

  it('is the query the proxy sends upstream, with every granted project when none is chosen', () => {
    const week: [string, string][] = [
      ['start', '1794783600'],
      ['end', '1795388400'],
    ];
    for (const r of [request(['id', 'start'], week), request(['type'], [['type', 'lesson']], [7])]) {
      const built = buildListQuery('appointments', proxyParams(r), rights, [7, 8]);
      expect(built.ok).toBe(true);
      if (built.ok) expect(query(portalRequest(base, 'appointments', r, [7, 8]))).toBe(built.query.toString());
    }
  });

  it('keeps a value the proxy refuses as it was asked, so its code fails the same way', () => {
    const refused = request(['id'], [['cancelled', 'maybe']]);
    expect(buildListQuery('appointments', proxyParams(refused), rights, [7]).ok).toBe(false);
    expect(portalRequest(base, 'appointments', refused, [7])).toBe(
      'GET https://school.example/api/appointments?schoolInSchoolYear=7&fields=id&cancelled=maybe',
    );
  });
});
