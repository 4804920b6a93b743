import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Issue 32 §4: past weeks read once. A range read again asks the portal, per week, only for what
// changed since (modifiedSince = the highest lastModified kept, includeHidden=true, the same
// parameters otherwise), and its figures are the figures of a whole read of the portal as it is.

const dir = mkdtempSync(join(tmpdir(), 'rooster-week-cache-'));
Object.assign(process.env, {
  SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop',
  STATE_DIR: dir,
  REDIS_URL: '',
  SCHOOL_TIME_ZONE: 'Europe/Amsterdam',
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = Record<string, unknown>;
/** The portal's appointments, as a hostile-free portal keeps them (a change bumps lastModified). */
const portal: Row[] = [];
const asked: URLSearchParams[] = [];
vi.mock('@/lib/partner-api/client.server', async (original) => ({
  ...(await original<object>()),
  readList: vi.fn(async (_target: unknown, endpoint: string, query: URLSearchParams) => {
    if (endpoint !== 'appointments') return { rows: [], totalRows: 0, unreadable: 0 };
    asked.push(new URLSearchParams(query));
    const start = Number(query.get('start'));
    const end = Number(query.get('end'));
    const since = query.has('modifiedSince') ? Number(query.get('modifiedSince')) : null;
    const fields = query.get('fields')!.split(',');
    const rows = portal
      .filter((r) => (r.start as number) >= start && (r.start as number) < end)
      .filter((r) => query.get('includeHidden') === 'true' || r.hidden !== true)
      .filter((r) => since === null || (r.lastModified as number) >= since)
      .map((r) => Object.fromEntries(fields.filter((f) => f in r).map((f) => [f, r[f]])));
    return { rows, totalRows: rows.length, unreadable: 0, url: '', status: 200, durationMs: 1, attempts: 1 };
  }),
  readListBatches: vi.fn(async () => {
    throw new Error('a past week is not streamed');
  }),
}));
const lessonFields = ['id', 'start', 'end', 'type', 'teachers', 'valid', 'cancelled', 'hidden', 'lastModified'];
let incremental = true;
vi.mock('@/lib/connection/connection.server', async (original) => ({
  ...(await original<object>()),
  getPartner: vi.fn(async () => ({
    id: 1,
    name: 'P',
    schoolInSchoolYears: [{ id: 7, schoolYear: 2025 }],
    endpoints: [
      {
        endpoint: 'appointments',
        readFields: incremental ? lessonFields : lessonFields.filter((f) => f !== 'lastModified'),
        filterFields: ['start', 'end', 'type', ...(incremental ? ['modifiedSince', 'includeHidden'] : [])],
      },
    ],
  })),
}));

const { teacherLoads } = await import('@/lib/staffing/staffing.server');
const { lessonsReader } = await import('@/lib/lessons/reader.server');
const { weeksBetween } = await import('@/lib/partner-api/reader.server');
const { weekWindow } = await import('@/lib/partner-api/values');

const active = { connection: { id: 'cache-1' }, session: {}, target: { baseUrl: 'https://school.example/api' } };
const weeks = weeksBetween('2025-03-03', '2025-03-23', 'Europe/Amsterdam');
let nextId = 1;
for (const week of weeks) {
  const { start } = weekWindow(week, 'Europe/Amsterdam');
  for (let day = 0; day < 5; day++)
    for (const [i, teacher] of ['aaa', 'bbb', 'ccc'].entries())
      portal.push({
        id: nextId++,
        start: start + day * 86_400 + 8 * 3600 + i * 3600,
        end: start + day * 86_400 + 9 * 3600 + i * 3600,
        type: 'lesson',
        teachers: [teacher],
        valid: true,
        cancelled: false,
        hidden: false,
        lastModified: 1_700_000_000 + nextId,
      });
}
const range = { from: '2025-03-03', to: '2025-03-23' };
const read = async () => (await teacherLoads(await lessonsReader(active as never, []), weeks, range)).data;

describe('past weeks read once', () => {
  it('reads each past week whole once, then only what changed since; the figures are those of a whole read', async () => {
    expect(weeks).toHaveLength(3);
    const first = await read();
    expect(asked).toHaveLength(3);
    for (const q of asked) {
      expect(q.has('modifiedSince')).toBe(false);
      expect(q.get('includeHidden')).toBe('true');
      expect(q.get('fields')).toContain('lastModified');
    }
    // The portal changes: a lesson of week two cancelled, one of week three deleted.
    const highest = Math.max(...portal.map((r) => r.lastModified as number));
    Object.assign(portal[20]!, { cancelled: true, lastModified: highest + 1 });
    Object.assign(portal[40]!, { hidden: true, lastModified: highest + 2 });
    asked.length = 0;
    const again = await read();
    expect(asked).toHaveLength(3);
    // The same parameters apart from modifiedSince, which is the highest lastModified kept for that week.
    for (const q of asked) expect(Number(q.get('modifiedSince'))).toBeGreaterThan(1_700_000_000);
    expect(again).not.toEqual(first);
    // What a whole read of the portal as it is now gives (rights without incremental reads).
    incremental = false;
    asked.length = 0;
    const whole = await read();
    expect(asked.every((q) => !q.has('modifiedSince') && !q.has('includeHidden'))).toBe(true);
    expect(again).toEqual(whole);
    incremental = true;
  });
});
