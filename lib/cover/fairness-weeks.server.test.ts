import { describe, expect, it } from 'vitest';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { dayStart } from '@/lib/partner-api/calendar';
import { weekWindow } from '@/lib/partner-api/values';
import { serverTestEnv } from '../../tests/support/server-env';
import type { AwayOver } from './away.server';

// Issue 46: the fairness report's weeks kept as counts. A week is counted again when its lessons
// changed (asked with the week cache's own query, `modifiedSince`) or who was away in it did; else
// it is answered from its counts, and a version answered again at the week's highest moment is no
// change. Every answer equals the week counted straight.

serverTestEnv('fairness-weeks', { REDIS_URL: '', SCHOOL_TIME_ZONE: 'Europe/Amsterdam' });
const { countWeek, keptWeekCounts } = await import('./fairness-weeks.server');

const zone = 'Europe/Amsterdam';
const WEEK = { year: 2026, week: 46 };
const W = weekWindow(WEEK, zone);
const MONDAY = dayStart('2026-11-09', zone);
const H = 3600;

type Row = Record<string, unknown> & { id: number; start: number; lastModified: number; hidden?: boolean };

/** A lesson planned with `planned`, given now by `given` (a second version when they differ). */
function lesson(id: number, at: number, planned: string, given: string, lastModified = 100): Row[] {
  const base = {
    appointmentInstance: id,
    start: at,
    end: at + H,
    type: 'lesson',
    groups: ['1a'],
    subjects: ['ne'],
    cancelled: false,
    teacherChanged: false,
    hidden: false,
    startTimeSlot: 1,
    endTimeSlot: 1,
    startTimeSlotName: 'u1',
  };
  if (planned === given) return [{ ...base, id, teachers: [planned], valid: true, lastModified }];
  return [
    { ...base, id, teachers: [planned], valid: false, lastModified },
    { ...base, id: id + 1, teachers: [given], valid: true, teacherChanged: true, lastModified },
  ];
}

function portal(rows: Row[], school: string) {
  const calls = { checks: 0, weeks: 0 };
  const reader = {
    projects: [1],
    active: { target: { baseUrl: `https://${school}.example/api` }, connection: { id: 'c1' } },
    rights: () => ({
      readFields: ['id', 'lastModified', 'hidden', 'teachers', 'start', 'end'],
      filterFields: ['start', 'end', 'type', 'modifiedSince', 'includeHidden'],
    }),
    read: async (_e: string, _f: readonly string[], filters: Record<string, string>) => {
      calls.checks++;
      return rows.filter((r) => r.lastModified >= Number(filters.modifiedSince)).map((r) => ({ ...r }));
    },
    weekRows: async () => {
      calls.weeks++;
      return rows.map((r) => ({ ...r }));
    },
    refundKeptWeek: async () => undefined,
  };
  return { reader: reader as unknown as RightsReader, calls };
}

/** Who was away: spans per teacher, as awayOver gives them. */
function awayOf(spans: Record<string, [number, number][]>): AwayOver {
  const at = (t: string, when: { start: number; end: number }) =>
    (spans[t] ?? []).some(([s, e]) => s < when.end && when.start < e);
  const within = (w: { start: number; end: number }) =>
    Object.entries(spans)
      .flatMap(([t, list]) => list.filter(([s, e]) => s < w.end && w.start < e).map(([s, e]) => `${t}:${s}-${e}`))
      .sort()
      .join(',');
  return Object.assign(at, { within });
}

describe('the fairness report’s weeks kept as counts', () => {
  it('answers an unchanged week from its counts, and counts again a week whose lessons or absences changed', async () => {
    const rows: Row[] = [...lesson(1, MONDAY + H, 'abc', 'xyz'), ...lesson(3, MONDAY + 2 * H, 'def', 'xyz')];
    const { reader, calls } = portal(rows, 'counts');
    let away = awayOf({ abc: [[MONDAY, MONDAY + 86_400]] });
    const visit = async () => {
      const got = await keptWeekCounts(reader, WEEK, W, Promise.resolve(away), zone);
      const straight = countWeek(rows.filter((r) => !r.hidden) as never, W, away);
      expect({ counts: got.counts, teaching: got.teaching }).toEqual(straight);
      return got;
    };
    // abc was away (a cover by xyz); def was not (a swap).
    expect((await visit()).counts.get('xyz')).toEqual({ covers: 1, swaps: 1 });
    expect(calls.weeks).toBe(1);

    // Nothing changed: one check (it answers the versions at the highest moment again), no week read.
    await visit();
    expect(calls).toEqual({ checks: 1, weeks: 1 });

    // def's absence is entered: the same lessons now hold two covers.
    away = awayOf({ abc: [[MONDAY, MONDAY + 86_400]], def: [[MONDAY, MONDAY + 86_400]] });
    expect((await visit()).counts.get('xyz')).toEqual({ covers: 2, swaps: 0 });
    expect(calls.weeks).toBe(2);

    // A lesson deleted in the portal (hidden, a later lastModified): counted again, without it.
    rows[2] = { ...rows[2]!, hidden: true, lastModified: 200 };
    rows[3] = { ...rows[3]!, hidden: true, lastModified: 200 };
    expect((await visit()).counts.get('xyz')).toEqual({ covers: 1, swaps: 0 });
    expect(calls.weeks).toBe(3);
    // And kept with the deleted versions' moment: the next visit reads nothing whole.
    await visit();
    expect(calls.weeks).toBe(3);
  });
});
