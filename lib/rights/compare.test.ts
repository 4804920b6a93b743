import { describe, expect, it } from 'vitest';
import { demoRights, limitedRights } from '@/sandbox/http/partners';
import { catalog } from '@/lib/partner-api/catalog';
import type { Partner } from '@/lib/partner-api/schemas';
import { compareRights, tokenStatus } from './compare';

const partner = (
  endpoints: Record<string, { readFields: string[]; filterFields: string[]; writeFields: string[] }>,
  token?: Partner['token'],
): Partner => ({
  name: 'P',
  token: token ?? null,
  endpoints: Object.entries(endpoints).map(([endpoint, r]) => ({ endpoint, ...r })),
  schoolInSchoolYears: [],
});

describe('rights against the catalogue', () => {
  it('lists every catalogue endpoint and liveschedule, granted or not', () => {
    const views = compareRights(partner(limitedRights()));
    expect(views.map((v) => v.endpoint)).toEqual([...Object.keys(catalog), 'liveschedule']);
    expect(views.filter((v) => v.granted).map((v) => v.endpoint)).toEqual(['appointments']);
  });

  it('names the supported fields a limited partner lacks', () => {
    const appointments = compareRights(partner(limitedRights()))[0]!;
    const missing = appointments.rows
      .filter((r) => r.attention.includes('supported-missing') && r.kind === 'field')
      .map((r) => r.name);
    expect(missing.sort()).toEqual(['lastModified', 'students', 'teachers']);
    expect(appointments.counts.readable).toBe(27);
  });

  it('points out unsupported grants, names unknown to the spec and deprecated uses', () => {
    const views = compareRights(partner(demoRights()));
    const appointments = views.find((v) => v.endpoint === 'appointments')!;
    expect(appointments.rows.find((r) => r.name === 'capacity')!.attention).toEqual(['unsupported-granted']);
    expect(appointments.rows.find((r) => r.name === 'modified')!.attention).toEqual([
      'unsupported-granted',
      'deprecated',
    ]);
    expect(appointments.rows.find((r) => r.name === 'modified')!.notes).toContain('use filter changed instead');
    const users = views.find((v) => v.endpoint === 'users')!;
    expect(users.rows.filter((r) => r.supported === null).map((r) => r.name)).toEqual(['isStudent', 'isEmployee']);
    expect(users.counts.unknown).toBe(2);
  });

  it('shows granted endpoints the catalogue does not know', () => {
    const views = compareRights(partner({ rooms: { readFields: ['id'], filterFields: [], writeFields: [] } }));
    expect(views.at(-1)).toMatchObject({ endpoint: 'rooms', granted: true, title: 'not in the specification' });
  });
});

describe('token expiry', () => {
  const now = Date.UTC(2026, 10, 21);
  it.each([
    [now / 1000 + 400 * 86_400, 'ok'],
    [now / 1000 + 20 * 86_400, 'warning'],
    [now / 1000 - 60, 'expired'],
  ] as const)('expiring at %d is %s', (expires, level) => {
    expect(tokenStatus(partner({}, { expires, token: 'abcd****' }), now).level).toBe(level);
  });
  it('falls back to the expiration date and knows when it knows nothing', () => {
    expect(tokenStatus(partner({}, { expirationDate: '2026-12-01' }), now)).toMatchObject({
      level: 'warning',
      daysLeft: 10,
    });
    expect(tokenStatus(partner({}), now).level).toBe('unknown');
  });
});
