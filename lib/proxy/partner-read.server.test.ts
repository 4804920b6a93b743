import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serverTestEnv } from '@/tests/support/server-env';
import type { ActiveConnection } from '@/lib/connection/connection.server';

// A read takes one of its session's heavy-read slots (kept under STATE_DIR).
serverTestEnv('read', { REDIS_URL: '' });

// A proxied read's plan (catalogue, rights, narrowing, bounds) is made once per rights and asked-for
// query: the same view read again gets the same plan; rights that changed plan again; the plans kept
// are bounded in all, not per rights (each connection has rights of its own).

vi.mock('@/lib/connection/connection.server', async (original) => ({
  ...(await original<object>()),
  getPartner: vi.fn(),
}));
const { getPartner } = await import('@/lib/connection/connection.server');
const { keptPlans, MAX_PLANS, plan } = await import('./partner-read.server');

const partner = (readFields: string[]) => ({
  endpoints: [
    {
      endpoint: 'appointments',
      readFields,
      filterFields: ['fields', 'start', 'end', 'schoolInSchoolYear'],
      writeFields: [],
    },
  ],
  schoolInSchoolYears: [{ id: 11 }],
});
const active = {} as ActiveConnection;
const week = () => new URLSearchParams('fields=id,start&start=1794783600&end=1795388400');

beforeEach(() => vi.mocked(getPartner).mockReset());

describe('the plan of a proxied read', () => {
  it('is made once per rights and query, and again when the rights change', async () => {
    const rights = partner(['id', 'start', 'end']);
    vi.mocked(getPartner).mockResolvedValue(rights as never);
    const first = await plan(active, 'appointments', week());
    expect(await plan(active, 'appointments', week())).toBe(first);
    expect(first.query.get('fields')).toBe('id,start');
    expect(
      await plan(active, 'appointments', new URLSearchParams('fields=id&start=1794783600&end=1795388400')),
    ).not.toBe(first);

    // New rights (a new stored text) without `start`: the same query is planned again, and refused.
    vi.mocked(getPartner).mockResolvedValue(partner(['id', 'end']) as never);
    await expect(plan(active, 'appointments', week())).rejects.toMatchObject({ status: 403 });
  });
});

describe('the plans kept', () => {
  it('are at most MAX_PLANS in all, however many connections read, the last used kept', async () => {
    const often = partner(['id', 'start', 'end']);
    vi.mocked(getPartner).mockResolvedValue(often as never);
    const polled = await plan(active, 'appointments', week());
    // 10 connections (rights objects of their own), 100 weeks each: 1000 views.
    for (let c = 0; c < 10; c++) {
      const rights = partner(['id', 'start', 'end']);
      for (let w = 0; w < 100; w++) {
        vi.mocked(getPartner).mockResolvedValue(rights as never);
        const start = 1794783600 + w * 604800;
        await plan(active, 'appointments', new URLSearchParams(`fields=id&start=${start}&end=${start + 604800}`));
        // The polled view is read now and then: it stays.
        if (w % 50 === 0) {
          vi.mocked(getPartner).mockResolvedValue(often as never);
          expect(await plan(active, 'appointments', week())).toBe(polled);
        }
      }
    }
    expect(keptPlans()).toBe(MAX_PLANS);
  });
});

describe('a proxied list read', () => {
  it('read twice at once by one connection (the page’s first read and the browser’s) is read upstream once', async () => {
    const client = await import('@/lib/partner-api/client.server');
    // Each upstream read waits until the test answers it (in the order they were made).
    const pending: ((rows: unknown[]) => void)[] = [];
    const upstream = vi.spyOn(client, 'readList').mockImplementation(
      () =>
        new Promise((resolve) => {
          pending.push((rows) =>
            resolve({ rows, totalRows: rows.length, unreadable: 0, durationMs: 1, url: 'u', status: 200 } as never),
          );
        }),
    );
    vi.mocked(getPartner).mockResolvedValue(partner(['id', 'start', 'end']) as never);
    const { readProxiedList } = await import('./partner-read.server');
    const connection = (id: string) => ({ connection: { id }, target: {} }) as ActiveConnection;

    const page = readProxiedList(connection('c1'), 'appointments', week());
    const browser = readProxiedList(connection('c1'), 'appointments', week());
    // Another connection's read of the same, and another request of this one: each read for itself.
    const other = readProxiedList(connection('c2'), 'appointments', week());
    const another = readProxiedList(
      connection('c1'),
      'appointments',
      new URLSearchParams('fields=id,start,end&start=1794783600&end=1795388400'),
    );
    await vi.waitFor(() => expect(upstream).toHaveBeenCalledTimes(3));
    for (const [i, answer] of pending.entries()) answer([{ id: i + 1, start: 1794783600 }]);
    expect(await page).toBe(await browser);
    expect((await page).data).toEqual([{ id: 1, start: 1794783600 }]);
    expect((await other).data).not.toEqual((await page).data);
    expect((await another).data).not.toEqual((await page).data);
    expect(upstream).toHaveBeenCalledTimes(3);

    // Once done, the same read is read again (a poll): nothing is kept.
    const later = readProxiedList(connection('c1'), 'appointments', week());
    await vi.waitFor(() => expect(upstream).toHaveBeenCalledTimes(4));
    pending[3]!([]);
    expect((await later).data).toEqual([]);
    upstream.mockRestore();
  });
});
