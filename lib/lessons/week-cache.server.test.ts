import { describe, expect, it } from 'vitest';
import { serverTestEnv } from '../../tests/support/server-env';

// Round 5 §2: the week cache keyed on the projects exactly as asked (156 entries in 9 s, +70 MB),
// with no cap. The projects are sorted and counted once; a portal keeps at most its cap.

serverTestEnv('week-cache-caps', { REDIS_URL: '', SCHOOL_TIME_ZONE: 'Europe/Amsterdam' });
const { MAX_WEEKS_PER_PORTAL, pastWeekRows, weekKey } = await import('./week-cache.server');
const { stateStore } = await import('@/lib/platform/state/state.server');

const query = (projects: string, start: number) =>
  new URLSearchParams({ fields: 'id,hidden,lastModified', schoolInSchoolYear: projects, start: String(start) });

describe('the week cache', () => {
  it('keys reordered or repeated projects as one', () => {
    const base = 'https://school.example/api';
    expect(weekKey(base, query('2,1,1', 10))).toBe(weekKey(base, query('1,2', 10)));
    expect(weekKey(base, query('1,2', 10))).not.toBe(weekKey(base, query('1,3', 10)));
    expect(weekKey(base, query('1', 10))).not.toBe(weekKey('https://other.example/api', query('1', 10)));
  });

  it('keeps at most its cap of weeks a portal, dropping the least recently read, and leaves other portals be', async () => {
    const a = 'https://a.example/api';
    const b = 'https://b.example/api';
    const read = async () => [{ id: 1, hidden: false, lastModified: 5 }];
    await pastWeekRows(b, query('1', 0), read);
    for (let i = 0; i < MAX_WEEKS_PER_PORTAL + 5; i++) await pastWeekRows(a, query('1', i), read);
    const store = stateStore();
    for (let i = 0; i < 5; i++) expect(await store.get(weekKey(a, query('1', i)))).toBeNull();
    for (const i of [5, 100, MAX_WEEKS_PER_PORTAL + 4])
      expect(await store.get(weekKey(a, query('1', i)))).not.toBeNull();
    expect(await store.get(weekKey(b, query('1', 0)))).not.toBeNull();
  });
});
