import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { serverTestEnv } from '../../tests/support/server-env';

// Round 5 §2: a partner without the start/end filters on appointments had every "week" read as the
// whole school year (the reader dropped the filters it lacked). A range of a large list is refused
// naming the filters, before anything is read; other lists still drop what they cannot filter.

serverTestEnv('rights-reader', { REDIS_URL: '', SCHOOL_TIME_ZONE: 'Europe/Amsterdam' });
const reads: string[] = [];
vi.mock('@/lib/partner-api/client.server', async (original) => ({
  ...(await original<object>()),
  readList: vi.fn(async (_target: unknown, endpoint: string) => {
    reads.push(endpoint);
    return { rows: [], totalRows: 0, unreadable: 0, url: '', status: 200, durationMs: 1, attempts: 1 };
  }),
}));
const { RightsReader } = await import('./reader.server');

const partner = {
  id: 1,
  name: 'P',
  schoolInSchoolYears: [{ id: 7, schoolYear: 2026 }],
  endpoints: [
    { endpoint: 'appointments', readFields: ['id', 'start', 'teachers'], filterFields: ['type'], writeFields: [] },
    { endpoint: 'employeeabsences', readFields: ['id'], filterFields: [], writeFields: [] },
  ],
} as never;
const active = {
  connection: { id: 'c1' },
  target: { baseUrl: 'https://school.example/api', trust: 'listed' },
} as never;
const reader = () => new RightsReader(active, partner, [7, 7], async () => ({ rows: [] }));

describe('the rights reader', () => {
  it('refuses a range of appointments it cannot filter, naming the filters, and reads nothing', async () => {
    const read = reader().read('appointments', ['id', 'start'], { start: '1', end: '2', type: 'lesson' });
    await expect(read).rejects.toMatchObject({ status: 403, message: expect.stringContaining('start, end') });
    expect(reads).toEqual([]);
  });

  it('reads a small list without the filter it lacks, and each project once', async () => {
    const r = reader();
    expect(r.projects).toEqual([7]);
    await r.read('employeeabsences', ['id'], { startDate: '2026-11-16' });
    expect(reads).toEqual(['employeeabsences']);
  });
});

describe('the typed reader', () => {
  it('types the rows by the fields asked for; a misspelt or unasked field fails to compile', async () => {
    const rows = await reader().read('appointments', ['id', 'teachers']);
    expect(rows).toEqual([]);
    type Row = (typeof rows)[number];
    expectTypeOf<Row['id']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Row['teachers']>().toEqualTypeOf<string[] | null | undefined>();
    // @ts-expect-error `start` was not asked for, so it is not on the row.
    expectTypeOf<Row['start']>().toBeNever();
    // @ts-expect-error `teacher` is not a field of appointments (the catalogue says `teachers`).
    await reader().read('appointments', ['teacher']);
  });
});
