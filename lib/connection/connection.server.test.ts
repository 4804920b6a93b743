import { describe, expect, it } from 'vitest';
import { serverTestEnv } from '@/tests/support/server-env';

// The rights a connection's reads are checked against (`getPartner`): read from the state store on
// every request, parsed once per text; a changed entry is never answered from the old parse.

serverTestEnv('rights');

const { getPartner } = await import('./connection.server');
const { stateStore } = await import('@/lib/platform/state/state.server');

const active = (id: string) =>
  ({
    connection: {
      id,
      baseUrl: 'https://school.example/api',
      token: 't',
      partnerName: 'P',
      connectedAt: 0,
      revealable: false,
    },
    target: { baseUrl: 'https://school.example/api', trust: 'listed', token: 't' },
    session: { v: 1, connections: [], activeId: id },
  }) as unknown as Parameters<typeof getPartner>[0];

const partner = (name: string) => ({ id: 1, name, endpoints: [], schoolInSchoolYears: [] });

describe('a connection’s rights', () => {
  it('are parsed once per stored text, and read anew when the store says otherwise', async () => {
    const a = active('c-rights');
    await stateStore().set('rights:c-rights', JSON.stringify(partner('first')), 60_000);
    const once = await getPartner(a);
    expect(await getPartner(a)).toBe(once);
    expect(once.name).toBe('first');
    await stateStore().set('rights:c-rights', JSON.stringify(partner('changed')), 60_000);
    expect((await getPartner(a)).name).toBe('changed');
  });
});
