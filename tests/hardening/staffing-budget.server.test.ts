import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Issue 32 §4: six year-long staffing ranges at once from one session made 208 upstream reads in
// 5 s. Each request is now charged its weeks up front: what the minute's budget cannot hold is
// refused whole, before any upstream call, and what runs holds one heavy-read slot throughout
// (never a 429 half-way, the weeks already read thrown away).

const dir = mkdtempSync(join(tmpdir(), 'rooster-staffing-budget-'));
Object.assign(process.env, {
  SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop',
  STATE_DIR: dir,
  REDIS_URL: '',
  SCHOOL_TIME_ZONE: 'Europe/Amsterdam',
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const reads: string[] = [];
vi.mock('@/lib/partner-api/client.server', async (original) => ({
  ...(await original<object>()),
  readList: vi.fn(async (_target: unknown, endpoint: string) => {
    reads.push(endpoint);
    await new Promise((r) => setTimeout(r, 1));
    return { rows: [], totalRows: 0, unreadable: 0, url: '', status: 200, durationMs: 1, attempts: 1 };
  }),
  readListBatches: vi.fn(async (_target: unknown, endpoint: string) => {
    reads.push(endpoint);
    await new Promise((r) => setTimeout(r, 1));
    return { batches: (async function* () {})() };
  }),
}));
const fields = {
  appointments: ['id', 'start', 'end', 'type', 'teachers', 'valid', 'cancelled', 'hidden'],
  contracts: ['id', 'employee', 'start', 'end'],
  employees: ['userCode'],
};
vi.mock('@/lib/connection/connection.server', async (original) => ({
  ...(await original<object>()),
  getPartner: vi.fn(async () => ({
    id: 1,
    name: 'P',
    schoolInSchoolYears: [{ id: 7, schoolYear: 2026 }],
    endpoints: Object.entries(fields).map(([endpoint, readFields]) => ({
      endpoint,
      readFields,
      filterFields: ['start', 'end', 'type'],
    })),
  })),
}));

const { teacherLoads } = await import('@/lib/staffing/staffing.server');
const { lessonsReader } = await import('@/lib/lessons/reader.server');
const { weeksBetween } = await import('@/lib/partner-api/reader.server');
const heavyReads = await import('@/lib/platform/heavy-reads.server');
const { heavyReadsInFlight } = heavyReads;

const active = (id: string) =>
  ({ connection: { id }, session: {}, target: { baseUrl: 'https://school.example/api', trust: 'listed' } }) as never;

describe('staffing ranges from one session', () => {
  it('six year-long ranges at once: two are read, four refused with 429 before any upstream call', async () => {
    const weeks = weeksBetween('2026-01-01', '2027-01-16', 'Europe/Amsterdam');
    expect(weeks.length).toBeGreaterThan(160 / 3);
    const session = active('budget-1');
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, async () =>
        teacherLoads(await lessonsReader(session, []), weeks, { from: '2026-01-01', to: '2027-01-16' }),
      ),
    );
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
    // Only the two admitted requests read: each its weeks and three lists (contracts, employees twice at most).
    expect(reads.filter((e) => e === 'appointments')).toHaveLength(2 * weeks.length);
    expect(reads.length).toBeLessThanOrEqual(2 * (weeks.length + 3));
    expect(heavyReadsInFlight('budget-1')).toBe(0);
  });
});

describe('a request charged by its plan (onderwijstijd)', () => {
  const { weekPointsUsed, takeHeavyRead, WEEK_POINTS, CACHED_WEEK_POINTS } = heavyReads;

  it('charges weeks known to be kept their cached cost, and gives nothing of them back again', async () => {
    const reader = await lessonsReader(active('plan-1'), []);
    await reader.budgeted(
      53,
      async () => {
        await reader.refundKeptWeek(53); // nothing charged at full price is left to give back
      },
      { kept: 53 },
    );
    expect(await weekPointsUsed('plan-1')).toBe(53 * CACHED_WEEK_POINTS);
  });

  it('charges the rest of a kept week that had to be read whole after all, without refusing', async () => {
    const reader = await lessonsReader(active('plan-2'), []);
    await reader.budgeted(150, async () => undefined); // most of the minute used
    await reader.budgeted(
      10,
      async () => {
        await reader.chargeReadAfterAll(2);
      },
      { kept: 10 },
    );
    expect(await weekPointsUsed('plan-2')).toBe(
      150 * WEEK_POINTS + 10 * CACHED_WEEK_POINTS + 2 * (WEEK_POINTS - CACHED_WEEK_POINTS),
    );
  });

  it('gives its charge back when no heavy-read slot is free, before anything is read', async () => {
    const { serverEnv } = await import('@/lib/env.server');
    const slots = serverEnv().HEAVY_READS_PER_SESSION;
    const held = await Promise.all(Array.from({ length: slots }, () => takeHeavyRead('plan-3')));
    const reader = await lessonsReader(active('plan-3'), []);
    let ran = false;
    await expect(
      reader.budgeted(40, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(ran).toBe(false);
    expect(await weekPointsUsed('plan-3')).toBe(0);
    for (const release of held) release();
    // With a slot free again the whole minute is there: a refused request cost nothing.
    await expect(reader.budgeted(160, async () => 'read')).resolves.toBe('read');
  });
});
