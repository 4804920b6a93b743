import { wireRows } from '@/tests/support/wire-rows';
import { describe, expect, it } from 'vitest';
import { weekWindow } from '@/lib/partner-api/values';
import { DateTime } from 'luxon';
import { absenceHoursOnce, schoolDayShare } from './absence-time';
import { sumWeeks, weekLoad, type LoadRights } from './teacher-load';
import { LessonTally, lessonsBehind } from './tally';

const zone = 'Europe/Amsterdam';
const W47 = weekWindow({ year: 2026, week: 47 }, zone);
const at = (day: number, hour: number) => W47.start + day * 86_400 + hour * 3600;
const all: LoadRights = {
  lessons: true,
  cover: true,
  contracts: {
    lessonsToPlan: true,
    lessonsMax: true,
    fteNet: true,
    clockHoursBalance: true,
    lessonSpace: true,
    taskSpace: true,
  },
  absences: true,
};
const lesson = (id: number | null, teachers: string[], extra: Record<string, unknown> = {}) => ({
  id,
  appointmentInstance: id,
  start: at(0, 9),
  end: at(0, 10),
  type: 'lesson',
  teachers,
  valid: true,
  cancelled: false,
  hidden: false,
  teacherChanged: false,
  ...extra,
});
const input = (over: Partial<Parameters<typeof weekLoad>[0]>) =>
  weekLoad({
    ...W47,
    zone,
    appointments: [],
    contracts: [],
    absences: [],
    names: new Map(),
    rights: all,
    ...over,
  });
const byCode = (loads: ReturnType<typeof weekLoad>) => new Map(loads.map((l) => [l.employee, l]));

describe('a teacher’s week', () => {
  it('counts planned, cancelled, taken over, cover and given lessons by their version chains, each id once', () => {
    const loads = byCode(
      input({
        appointments: [
          lesson(1, ['aaa']),
          lesson(1, ['aaa']), // the same id twice: once
          lesson(2, ['aaa'], { cancelled: true }),
          lesson(3, ['aaa'], { valid: false }), // its instance has no current version: removed
          lesson(4, ['aaa'], { hidden: true }),
          lesson(5, ['aaa'], { type: 'activity' }),
          // instance 10: bbb's lesson, then given by ccc (teacherChanged), bbb no longer in it
          lesson(10, ['bbb'], { valid: false }),
          { ...lesson(11, ['ccc'], { teacherChanged: true }), appointmentInstance: 10 },
          // a changed teacher with no previous version read: who was planned is not known; both cover
          lesson(20, ['ddd', 'aaa'], { teacherChanged: true, appointmentInstance: 99 }),
          lesson(30, ['aaa'], { start: at(7, 9), end: at(7, 10) }), // next week
          lesson(null, ['eee'], { appointmentInstance: null }), // no id, no instance: each its own lesson
          lesson(null, ['eee'], { appointmentInstance: null }),
        ],
      }),
    );
    expect(loads.get('aaa')).toMatchObject({ planned: 3, cancelled: 2, takenOver: 0, cover: 1, given: 2 });
    expect(loads.get('bbb')).toMatchObject({ planned: 1, cancelled: 0, takenOver: 1, cover: 0, given: 0 });
    expect(loads.get('ccc')).toMatchObject({ planned: 0, takenOver: 0, cover: 1, given: 1 });
    expect(loads.get('ddd')).toMatchObject({ planned: 0, cover: 1, given: 1 });
    expect(loads.get('eee')).toMatchObject({ planned: 2, given: 2 });
    // The lists the figures open hold exactly those lessons, a cover saying for whom.
    const rows = [lesson(10, ['bbb'], { valid: false }), { ...lesson(11, ['ccc']), appointmentInstance: 10 }];
    expect(lessonsBehind(rows, 'ccc', 'cover', W47.start, W47.end)).toMatchObject([
      { id: 11, plannedTeachers: ['bbb'] },
    ]);
    expect(lessonsBehind(rows, 'bbb', 'takenOver', W47.start, W47.end)).toMatchObject([{ id: 11, teachers: ['ccc'] }]);
  });

  it('does not count a teacher who stays on a changed lesson as cover', () => {
    const loads = byCode(
      input({
        appointments: [
          lesson(40, ['aaa'], { valid: false }),
          { ...lesson(41, ['aaa', 'fff'], { teacherChanged: true }), appointmentInstance: 40 },
        ],
      }),
    );
    expect(loads.get('aaa')).toMatchObject({ planned: 1, given: 1, cover: 0, takenOver: 0 });
    expect(loads.get('fff')).toMatchObject({ planned: 0, given: 1, cover: 1 });
    expect(lessonsBehind([lesson(40, ['aaa'])], 'aaa', 'cover', W47.start, W47.end)).toEqual([]);
  });

  it('places a lesson in the week its current version is in (moved in: counted; moved out: not)', () => {
    const loads = byCode(
      input({
        appointments: [
          lesson(50, ['aaa'], { valid: false, start: at(-3, 9), end: at(-3, 10) }),
          { ...lesson(51, ['aaa'], { timeChanged: true }), appointmentInstance: 50 },
          lesson(60, ['bbb'], { valid: false }),
          { ...lesson(61, ['bbb'], { start: at(7, 9), end: at(7, 10) }), appointmentInstance: 60 },
        ],
      }),
    );
    expect(loads.get('aaa')).toMatchObject({ planned: 1, given: 1 });
    expect(loads.has('bbb')).toBe(false);
  });

  it('sums the contracts active in the week; a figure the rights do not give stays null, never 0', () => {
    const contracts = [
      {
        id: 1,
        employee: 'aaa',
        start: '2026-08-01',
        end: '2027-07-31',
        lessonsToPlan: 18,
        fteNet: 0.8,
        lessonSpace: 2,
      },
      {
        id: 2,
        employee: 'aaa',
        start: '01-08-2026',
        end: '2027-07-31',
        lessonsToPlan: 4,
        fteNet: 0.2,
        lessonSpace: null,
      },
      { id: 3, employee: 'aaa', start: '2026-08-01', end: '2026-11-01', lessonsToPlan: 30 }, // ended
      { id: 4, employee: 'sup', start: '2026-08-01', end: null, lessonsToPlan: 0 }, // support staff, no lessons
      { id: null, employee: 'ggg', start: '', lessonsToPlan: 20 }, // no id, no dates: still counts
    ];
    const loads = byCode(input({ appointments: [lesson(1, ['aaa'])], contracts }));
    expect(loads.get('aaa')).toMatchObject({ lessonsToPlan: 22, fteNet: 1, lessonSpace: 2, contracts: [1, 2] });
    expect(loads.get('aaa')!.lessonsMax).toBeNull();
    expect(loads.has('sup')).toBe(false);
    expect(loads.get('ggg')).toMatchObject({ lessonsToPlan: 20, planned: 0, given: 0, contracts: [] });

    const noFigures = byCode(
      input({
        appointments: [lesson(1, ['aaa'])],
        contracts,
        rights: { ...all, cover: false, contracts: { ...all.contracts, lessonsToPlan: false }, absences: false },
      }),
    );
    expect(noFigures.get('aaa')).toMatchObject({
      lessonsToPlan: null,
      cover: null,
      takenOver: null,
      absenceHours: null,
      planned: 1,
      given: 1,
    });
    expect(noFigures.has('ggg')).toBe(false);
  });

  it('shares an absence’s hours over its school days and counts those in the week', () => {
    // Thursday 19 to Tuesday 24 November: 4 school days, 32 hours; Thursday and Friday in week 47.
    const absence = { employee: 'aaa', start: at(3, 8), end: at(8, 17), absenceDuration: 32 };
    const nothing = { ...absence, absenceDuration: null };
    const hours = absenceHoursOnce([absence, nothing], W47.start, W47.end, zone);
    expect([hours.get(absence), hours.get(nothing)]).toEqual([16, null]);
    const loads = byCode(input({ appointments: [lesson(1, ['aaa'])], absences: [absence, { employee: null }] }));
    expect(loads.get('aaa')!.absenceHours).toBe(16);
  });

  it('counts a person’s overlapping absences once: their hours and no more than the days they span', () => {
    // Ill Monday 16 to Monday 23 (6 school days, 48 h: 8 a day); special leave Wed 18–Thu 19 (16 h).
    const ill = { id: 1, employee: 'ibe', start: at(0, 8), end: at(7, 17), absenceDuration: 48 };
    const leave = { id: 2, employee: 'ibe', start: at(2, 8), end: at(3, 17), absenceDuration: 16 };
    const other = { id: 3, employee: 'xyz', start: at(2, 8), end: at(3, 17), absenceDuration: 16 };
    const hours = absenceHoursOnce([leave, ill, other, { id: 4, employee: 'ibe' }], W47.start, W47.end, zone);
    expect(hours.get(ill)).toBe(40);
    expect(hours.get(leave)).toBe(0); // its days are the illness's (more hours a day, or earlier on a tie)
    expect(hours.get(other)).toBe(16);
    expect(hours.get([...hours.keys()].find((a) => a.id === 4)!)).toBeNull();
    const loads = byCode(input({ appointments: [lesson(1, ['ibe'])], absences: [ill, leave] }));
    expect(loads.get('ibe')!.absenceHours).toBe(40);
    // A longer day's leave takes the day over the illness: still one day's hours.
    const longDay = { ...leave, absenceDuration: 20 };
    const both = absenceHoursOnce([ill, longDay], W47.start, W47.end, zone);
    expect(both.get(ill)! + both.get(longDay)!).toBe(3 * 8 + 2 * 10);
  });

  it('sums weeks for a range, fte averaged over the weeks with a contract', () => {
    const week = (planned: number, fteNet: number | null) => ({
      ...input({ appointments: [lesson(1, ['aaa'])] })[0]!,
      planned,
      lessonsToPlan: 20,
      fteNet,
      contracts: [7],
    });
    const [sum] = sumWeeks([[week(18, 0.8)], [week(21, null)], [week(20, 0.6)]]);
    expect(sum).toMatchObject({ planned: 59, lessonsToPlan: 60, contracts: [7] });
    expect(sum!.fteNet).toBeCloseTo(0.7);
  });
});

describe('school days of a span', () => {
  /** The rule walked day by day, as it was written first: each Monday–Friday the span touches counts. */
  function walked(from: number, to: number): number {
    if (!(to > from)) return 0;
    let days = 0;
    let day = DateTime.fromSeconds(from, { zone }).startOf('day');
    const last = DateTime.fromSeconds(to, { zone });
    for (; day < last; day = day.plus({ days: 1 })) {
      if (day.weekday > 5) continue;
      const lo = Math.max(from, day.toUnixInteger());
      const hi = Math.min(to, day.plus({ days: 1 }).toUnixInteger());
      if (hi > lo) days += 1;
    }
    return days;
  }

  it('counts as walking the days does: any span, across weekends, DST switches and midnights', () => {
    // Spans starting and ending on whole hours and at midnight, around the March and October switches.
    const base = DateTime.fromISO('2026-03-20T00:00', { zone }).toUnixInteger();
    const autumn = DateTime.fromISO('2026-10-21T00:00', { zone }).toUnixInteger();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const origin of [base, autumn, W47.start])
      for (let i = 0; i < 400; i++) {
        const from = origin + Math.floor(random() * 14) * 86_400 + Math.floor(random() * 25) * 3600;
        const to = from + Math.floor(random() * 40) * 3600 * (random() < 0.3 ? 24 : 1) + (random() < 0.1 ? 1 : 0);
        expect(schoolDayShare(from, to, zone), `${from}–${to}`).toBe(walked(from, to));
      }
    // A long absence (a school year): the walk's answer without the walk.
    const year = DateTime.fromISO('2026-08-24T00:00', { zone }).toUnixInteger();
    const end = DateTime.fromISO('2027-07-10T00:00', { zone }).toUnixInteger();
    expect(schoolDayShare(year, end, zone)).toBe(walked(year, end));
    expect(schoolDayShare(end, year, zone)).toBe(0);
  });
});

describe('lessons gathered as they arrive', () => {
  it('adds up on messy rows (planned − cancelled − taken over + cover = given), as the lists show, in batches of any size', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const rows = wireRows(
      'appointments',
      Array.from({ length: 3000 }, () => ({
        id: pick([null, 1, 2, 3, ...Array.from({ length: 800 }, (_, i) => 10 + i), '17', ' 18 ', 'x']),
        appointmentInstance: pick([null, undefined, 1, 2, 3, ...Array.from({ length: 300 }, (_, i) => 100 + i), '105']),
        start: pick([at(0, 9), at(1, 10), at(4, 15), W47.start - 3600, W47.end, null, `${at(2, 8)}`]),
        end: pick([at(0, 10), at(4, 16), null, at(0, 8)]),
        type: pick(['lesson', 'lesson', 'lesson', 'exam', null, 'unknown']),
        teachers: pick([['abc'], ['abc', 'def'], ['def', 'def'], [null, 'ghi', ''], [], null, ['jkl', 7]]),
        valid: pick([true, true, false, undefined, null]),
        hidden: pick([false, false, true, undefined]),
        cancelled: pick([false, false, true, 'true']),
        teacherChanged: pick([false, true, undefined]),
        startTimeSlotName: pick([undefined, 'u1', 3]),
      })),
    );
    const whole = input({ appointments: rows });
    expect(whole.length).toBeGreaterThan(3);
    for (const l of whole) {
      expect(l.planned! - l.cancelled! - l.takenOver! + l.cover!, l.employee).toBe(l.given);
      // The lists the figures open (read through the grid's appointments) hold as many lessons.
      for (const figure of ['cancelled', 'takenOver', 'cover'] as const)
        expect(lessonsBehind(rows, l.employee, figure, W47.start, W47.end), `${l.employee} ${figure}`).toHaveLength(
          l[figure]!,
        );
    }
    expect(whole.some((l) => l.takenOver! > 0) && whole.some((l) => l.cover! > 0)).toBe(true);
    for (const size of [1, 7, 500]) {
      const tally = new LessonTally();
      for (let i = 0; i < rows.length; i += size) tally.add(rows.slice(i, i + size));
      expect(tally.rows).toBe(rows.length);
      expect(input({ appointments: tally })).toEqual(whole);
    }
  });
});
