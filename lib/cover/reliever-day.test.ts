import { describe, expect, it } from 'vitest';
import { dayBreak, dayItemOf, REST_SECONDS, rowsOf, type DayItem } from './reliever-day';

// The reliever's day: what counts (in lesuren), what makes a row, and which covers break it.

const MIN = 60;
/** Lesuren of 50 minutes from 08:30 with 5 minutes between them; `n` is the lesuur (1-based). */
const lesuur = (n: number, key = `u${n}`, kind: DayItem['kind'] = 'lesson', lesuren = 1): DayItem => ({
  key,
  start: (510 + (n - 1) * 55) * MIN,
  end: (510 + (n - 1) * 55 + 50 * lesuren) * MIN,
  lesuren,
  kind,
});
const appointment = (over: Partial<Parameters<typeof dayItemOf>[0]>) =>
  dayItemOf(
    {
      type: 'lesson',
      start: 0,
      end: 50 * MIN,
      startSlot: null,
      endSlot: null,
      groups: ['1a'],
      teachers: ['aaa'],
      cancelled: false,
      ...over,
    },
    'k',
  );

describe('what a day counts', () => {
  it('lessons and invigilations in lesuren (by the slots, else the time), a break duty as one, nothing else', () => {
    expect(appointment({ startSlot: 3, endSlot: 4 })).toMatchObject({ kind: 'lesson', lesuren: 2 });
    expect(appointment({ end: 100 * MIN })).toMatchObject({ kind: 'lesson', lesuren: 2 });
    expect(appointment({ end: 20 * MIN })).toMatchObject({ lesuren: 1 });
    expect(appointment({ type: 'exam', end: 150 * MIN })).toMatchObject({ kind: 'invigilation', lesuren: 3 });
    expect(appointment({ type: 'interlude', groups: [], end: 15 * MIN })).toMatchObject({ kind: 'duty', lesuren: 1 });
    // A group's interlude is its free period; a meeting, a talk, a cancelled lesson do not count.
    expect(appointment({ type: 'interlude' })).toBeNull();
    expect(appointment({ type: 'meeting' })).toBeNull();
    expect(appointment({ type: 'talk' })).toBeNull();
    expect(appointment({ cancelled: true })).toBeNull();
  });

  it('makes a row of what follows without a free lesuur; a short break does not end it', () => {
    const rows = rowsOf([lesuur(3), lesuur(1), lesuur(2), lesuur(5)]);
    expect(rows.map((r) => r.map((i) => i.key))).toEqual([['u1', 'u2', 'u3'], ['u5']]);
    const gap = lesuur(5).start - lesuur(3).end;
    expect(gap).toBeGreaterThanOrEqual(REST_SECONDS);
  });
});

describe('which covers break the day', () => {
  const limits = { lessonsPerDay: 7, inRow: 5 };

  it('more lesuren than the day allows, own lessons and covers together', () => {
    const own = [1, 3, 5, 7, 9].map((n) => lesuur(n));
    expect(dayBreak(own, [lesuur(2, 'c2')], limits)).toBeNull();
    expect(dayBreak([...own, lesuur(2, 'c2')], [lesuur(4, 'c4')], limits)).toBeNull();
    expect(dayBreak(own, [lesuur(2, 'c2'), lesuur(4, 'c4'), lesuur(6, 'c6')], limits)).toEqual({
      rule: 'lessonsPerDay',
      covers: ['c2', 'c4', 'c6'],
    });
    expect(dayBreak(own, [lesuur(2, 'c2', 'lesson', 2), lesuur(6, 'c6')], limits)?.rule).toBe('lessonsPerDay');
  });

  it('more in a row than allowed, a break duty joining the lessons around it', () => {
    // u2, pleinwacht in the break, u3, u4: with covers in u1 and u5 that is six without rest.
    const duty: DayItem = { key: 'pw', start: lesuur(2).end, end: lesuur(2).end + 15 * MIN, lesuren: 1, kind: 'duty' };
    const shifted = (n: number, key: string) => {
      const l = lesuur(n, key);
      return { ...l, start: l.start + 15 * MIN, end: l.end + 15 * MIN };
    };
    const own = [lesuur(2), duty, shifted(3, 'u3'), shifted(4, 'u4')];
    expect(dayBreak(own, [lesuur(1, 'c1')], limits)).toBeNull();
    expect(dayBreak(own, [lesuur(1, 'c1'), shifted(5, 'c5')], limits)).toEqual({ rule: 'inRow', covers: ['c1', 'c5'] });
  });

  it('judges only what the covers add: a day already past a row elsewhere does not rule out a cover apart', () => {
    const own = [1, 2, 3, 4, 5, 6].map((n) => lesuur(n));
    expect(dayBreak(own, [], limits)).toBeNull();
    expect(dayBreak(own, [lesuur(8, 'c8')], { lessonsPerDay: 8, inRow: 5 })).toBeNull();
    expect(dayBreak(own, [lesuur(7, 'c7')], { lessonsPerDay: 8, inRow: 5 })).toEqual({ rule: 'inRow', covers: ['c7'] });
  });
});
