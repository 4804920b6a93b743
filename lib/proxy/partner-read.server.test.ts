import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveConnection } from '@/lib/connection/connection.server';

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
