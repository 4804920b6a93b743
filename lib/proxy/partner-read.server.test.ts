import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveConnection } from '@/lib/connection/connection.server';

// A proxied read's plan (catalogue, rights, narrowing, bounds) is made once per rights and asked-for
// query: the same view read again gets the same plan; rights that changed plan again.

vi.mock('@/lib/connection/connection.server', async (original) => ({
  ...(await original<object>()),
  getPartner: vi.fn(),
}));
const { getPartner } = await import('@/lib/connection/connection.server');
const { plan } = await import('./partner-read.server');

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
