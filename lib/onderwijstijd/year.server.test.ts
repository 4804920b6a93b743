import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from '@/lib/partner-api/records';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { dayStart } from '@/lib/partner-api/calendar';
import { DAY, H, lessonOf } from '../../tests/support/lesson-rows';
import { serverTestEnv } from '../../tests/support/server-env';
import { participantSeconds } from './count';
import { addWeeks } from './weeks';

// The school year kept a week at a time: a second visit asks each week only what changed and reads
// again what did — a lesson cancelled, one moved to another week, one removed, a version whose
// `lastModified` is the week's highest answered again — and its figures are always those of the
// whole year counted straight.

serverTestEnv('onderwijstijd-year', { REDIS_URL: '', SCHOOL_TIME_ZONE: 'Europe/Amsterdam' });
const { planYear, readYear, YEAR_FIELDS } = await import('./year.server');

const zone = 'Europe/Amsterdam';
const MONDAY = dayStart('2026-11-09', zone); // week 46
type Row = CatalogRecord<'appointments'> & { id: number; start: number; end: number; lastModified: number };

/** A portal of rows: reads select by start (the wire's rule), modifiedSince counts its own moment. */
function portal(
  rows: Row[],
  school: string,
  readFields: readonly string[] = YEAR_FIELDS,
  /** Records no catalogue reads (not objects), sent in every whole read of week 46. */
  junk: unknown[] = [],
) {
  const reads: Record<string, string>[] = [];
  const reader = {
    projects: [1],
    active: { target: { baseUrl: `https://${school}.example/api` }, connection: { id: 'c1' } },
    rights: () => ({
      readFields: [...readFields],
      filterFields: ['start', 'end', 'modifiedSince', 'includeHidden'],
    }),
    read: async (_endpoint: string, _fields: readonly string[], filters: Record<string, string>) => {
      reads.push(filters);
      const since = filters.modifiedSince === undefined ? -Infinity : Number(filters.modifiedSince);
      return rows
        .filter((r) => r.start >= Number(filters.start) && r.start < Number(filters.end) && r.lastModified >= since)
        .map((r) => ({ ...r }));
    },
    /** A whole read's answer as the portal sends it (the year's reads are parsed apart from the client). */
    readUnparsed: async (endpoint: string, fields: readonly string[], filters: Record<string, string>) => ({
      bytes: Buffer.from(
        JSON.stringify({
          response: {
            status: 200,
            data: [
              ...(await reader.read(endpoint, fields, filters)),
              ...(Number(filters.start) <= MONDAY && MONDAY < Number(filters.end) ? junk : []),
            ],
          },
        }),
      ),
      headStatus: 200,
    }),
    /** Weeks planned as kept, read whole after all: the rest of their charge taken. */
    chargedAfterAll: 0,
    chargeReadAfterAll: async (weeks: number) => {
      reader.chargedAfterAll += weeks;
    },
  };
  return {
    reader: reader as unknown as RightsReader,
    reads,
    chargedAfterAll: () => reader.chargedAfterAll,
  };
}

/** A visit as the server makes one: planned, then read by its plan. */
const visitOf = async (reader: RightsReader, ask: Parameters<typeof readYear>[1]) =>
  readYear(reader, ask, zone, await planYear(reader, ask, zone));

const lesson = (id: number, at: number, extra: Partial<Row> = {}): Row =>
  lessonOf(id, at, 1, { lastModified: 100, ...extra }) as Row;

/** Every participant's seconds over the school year, the whole year's rows counted at once. */
function straight(rows: Row[], now: number) {
  const from = dayStart('2026-08-01', zone);
  const to = dayStart('2027-08-01', zone);
  return participantSeconds(rows, { from, to, now, types: ['lesson'] }).sums;
}

const year = { from: '2026-08-01', to: '2027-07-31', types: ['lesson'] };

describe('the school year a week at a time', () => {
  it('asks a kept week only what changed, and reads again what did, always as the year counted straight', async () => {
    const rows: Row[] = [
      lesson(9, MONDAY + 2 * DAY + 11 * H), // week 46, Wednesday 11:00–12:00: ends while the week is under way
      lesson(1, MONDAY - 7 * DAY + H), // week 45
      lesson(2, MONDAY - 7 * DAY + DAY + H), // week 45
      lesson(3, MONDAY + 7 * DAY + H), // week 47
      lesson(4, MONDAY + 14 * DAY + H, { lastModified: 120 }), // week 48
      // A chain across two reads from the first visit on: planned in week 48, moved to week 51.
      lesson(10, MONDAY + 14 * DAY + 3 * H, { valid: false }),
      lesson(11, MONDAY + 35 * DAY + H, { appointmentInstance: 10 }),
    ];
    const { reader, reads } = portal(rows, 'changes');
    const change = (id: number, to: Partial<Row>) => {
      const at = rows.findIndex((r) => r.id === id);
      rows[at] = { ...rows[at]!, ...to };
    };
    let now = MONDAY + 2 * DAY + 10 * H; // Wednesday of week 46, 10:00
    const visit = async () => {
      const answer = await visitOf(reader, { ...year, now });
      expect(addWeeks(answer.year.map((w) => w.figures)).sums.toMap()).toEqual(straight(rows, now));
      return answer;
    };
    const first = await visit();
    expect(first.kept).toBe(0);
    expect(first.read).toBe(first.year.length);
    // Chain 10 is judged over both its versions: moved, not removed (week 48's read alone would
    // call it lesuitval).
    const a = addWeeks(first.year.map((w) => w.figures)).sums.get('a')!;
    expect(a[4]).toBe(0);

    // Nothing changed and no lesson ended since: every week is answered after a check; week 48's
    // check answers lesson 4 again (its lastModified is the week's highest), which is no change.
    reads.length = 0;
    const second = await visit();
    expect(second.read).toBe(0);
    expect(reads.filter((r) => r.modifiedSince === undefined)).toHaveLength(0);
    expect(reads.find((r) => r.modifiedSince === '120')).toBeDefined();

    // Time passes the end of lesson 9 (12:00): the week under way is counted again (read with the
    // week it is read with: weeks 45 and 46, two at a time from the school year's first), no other.
    now = MONDAY + 2 * DAY + 12 * H;
    expect((await visit()).read).toBe(2);

    // Lesson 2 cancelled, lesson 3 moved from week 47 into week 49 (a new version; the old one no
    // longer valid), a new lesson in week 50: the weeks they touch are read again, no others.
    change(2, { cancelled: true, cancelledReason: 'teachers', lastModified: 200 });
    change(3, { valid: false, lastModified: 200 });
    rows.push(lesson(5, MONDAY + 21 * DAY + 2 * H, { appointmentInstance: 3, lastModified: 200 }));
    rows.push(lesson(6, MONDAY + 28 * DAY + H, { lastModified: 200 }));
    const third = await visit();
    expect(third.read).toBe(6); // weeks 45, 47, 49 and 50, each with its pair: 45–46, 47–48, 49–50

    // The moved lesson's new version alone changes (the old one untouched, its week's check silent):
    // its chain's week is read again because the chain's versions are known to cross.
    const five = rows.find((r) => r.id === 5)!;
    change(5, { start: five.start + H, end: five.end + H, lastModified: 300 });
    const fourth = await visit();
    expect(fourth.read).toBe(4); // weeks 47 (the chain's old week) and 49, with their pairs
  });

  it('reads a lesson removed from a kept week as lesuitval, and a version moved into it as its own', async () => {
    const now = MONDAY + 2 * DAY;
    const rows: Row[] = [lesson(1, MONDAY - 14 * DAY + H), lesson(2, MONDAY - 7 * DAY + H)];
    const { reader } = portal(rows, 'removed');
    await visitOf(reader, { ...year, now });
    // Lesson 1 deleted (hidden, as includeHidden shows it): programmed, not realised.
    rows[0] = { ...rows[0]!, hidden: true, lastModified: 400 };
    // A second version of lesson 2's chain, added in week 44 without touching week 45's version.
    rows.push(lesson(7, MONDAY - 14 * DAY + 3 * H, { appointmentInstance: 2, lastModified: 400 }));
    const answer = await visitOf(reader, { ...year, now });
    const sums = addWeeks(answer.year.map((w) => w.figures)).sums.toMap();
    expect(sums).toEqual(straight(rows, now));
    // a: lesson 1 programmed and removed (1 h lesuitval); chain 2 programmed in week 45, given in week 44.
    expect(sums.get('a')!.slice(0, 5)).toEqual([2 * H, 2 * H, H, H, H]);
  });

  it('plans a visit before it is charged: the weeks kept are known, a kept read found changed pays the rest', async () => {
    const now = MONDAY + 2 * DAY;
    const rows: Row[] = [lesson(1, MONDAY - 14 * DAY + H), lesson(2, MONDAY - 7 * DAY + H)];
    const { reader, chargedAfterAll } = portal(rows, 'planned');
    const ask = { ...year, now };
    const first = await planYear(reader, ask, zone);
    expect(first.keptWeeks).toBe(0);
    expect(first.weeks).toBe(53);
    await readYear(reader, ask, zone, first);
    const second = await planYear(reader, ask, zone);
    expect(second.keptWeeks).toBe(53);
    // Charged by its plan (kept weeks at their cached cost): every week answered as kept.
    const answer = await readYear(reader, ask, zone, second);
    expect(answer.kept).toBe(53);
    expect(chargedAfterAll()).toBe(0);
    // A lesson changed since: its read's weeks were planned as kept, the check finds the change.
    rows[1] = { ...rows[1]!, cancelled: true, lastModified: 500 };
    const third = await planYear(reader, ask, zone);
    expect(third.keptWeeks).toBe(53);
    expect((await readYear(reader, ask, zone, third)).read).toBe(2);
    // It was charged as kept: the rest of its two weeks' cost is taken now.
    expect(chargedAfterAll()).toBe(2);
  });

  it('never answers a partner granted fewer fields from weeks kept of another partner’s reads', async () => {
    const now = MONDAY + 2 * DAY;
    const rows: Row[] = [lesson(1, MONDAY - 14 * DAY + H), lesson(2, MONDAY - 7 * DAY + H)];
    const ask = { ...year, now };
    const full = portal(rows, 'two-partners');
    await visitOf(full.reader, ask);
    expect((await planYear(full.reader, ask, zone)).keptWeeks).toBe(53);
    // The same portal, a partner without `students`: nothing kept is its to use.
    const fewer = portal(
      rows,
      'two-partners',
      YEAR_FIELDS.filter((f) => f !== 'students'),
    );
    expect((await planYear(fewer.reader, ask, zone)).keptWeeks).toBe(0);
  });

  it('counts the records it cannot read, on the first visit and again from what was kept', async () => {
    const now = MONDAY + 2 * DAY;
    const rows: Row[] = [lesson(1, MONDAY - 7 * DAY + H), lesson(2, MONDAY + H)];
    const { reader } = portal(rows, 'junk', YEAR_FIELDS, ['not a record', 42]);
    const ask = { ...year, now };
    const first = await visitOf(reader, ask);
    expect(first.unreadable).toBe(2);
    const again = await visitOf(reader, ask);
    expect(again.read).toBe(0);
    expect(again.unreadable).toBe(2);
    // Left out of the figures, which are those of the readable rows counted straight.
    expect(addWeeks(again.year.map((w) => w.figures)).sums.toMap()).toEqual(straight(rows, now));
  });
});
