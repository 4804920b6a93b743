import { describe, expect, it } from 'vitest';
import { weekWindow } from '@/lib/partner-api/values';
import { DateTime } from 'luxon';
import { lessonChains } from '@/lib/changes/day-changes';
import {
  absenceHoursIn,
  LessonTally,
  lessonsBehind,
  schoolDayShare,
  sumWeeks,
  weekLoad,
  type LoadRights,
} from './teacher-load';

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
  it('counts scheduled, cancelled and cover lessons by the issue’s rules, each id once', () => {
    const loads = byCode(
      input({
        appointments: [
          lesson(1, ['aaa']),
          lesson(1, ['aaa']), // the same id twice: once
          lesson(2, ['aaa'], { cancelled: true }),
          lesson(3, ['aaa'], { valid: false }),
          lesson(4, ['aaa'], { hidden: true }),
          lesson(5, ['aaa'], { type: 'activity' }),
          // instance 10: bbb's lesson, then covered by ccc (teacherChanged), bbb no longer in it
          lesson(10, ['bbb'], { valid: false }),
          { ...lesson(11, ['ccc'], { teacherChanged: true }), appointmentInstance: 10 },
          // a changed teacher with no previous version read: every teacher of it covers
          lesson(20, ['ddd', 'aaa'], { teacherChanged: true, appointmentInstance: 99 }),
          lesson(30, ['aaa'], { start: at(7, 9), end: at(7, 10) }), // next week
          lesson(null, ['eee']), // no id: still counted
          lesson(null, ['eee']),
        ],
      }),
    );
    expect(loads.get('aaa')).toMatchObject({ scheduled: 2, cancelled: 1, cover: 1 });
    expect(loads.has('bbb')).toBe(false); // only an invalid version left: no lesson that week
    expect(loads.get('ccc')).toMatchObject({ scheduled: 1, cover: 1 });
    expect(loads.get('ddd')).toMatchObject({ scheduled: 1, cover: 1 });
    expect(loads.get('eee')).toMatchObject({ scheduled: 2 });
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
    expect(loads.get('aaa')).toMatchObject({ scheduled: 1, cover: 0 });
    expect(loads.get('fff')).toMatchObject({ scheduled: 1, cover: 1 });
    expect(lessonsBehind([lesson(40, ['aaa'])], 'aaa', 'cover', W47.start, W47.end)).toEqual([]);
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
    expect(loads.get('ggg')).toMatchObject({ lessonsToPlan: 20, scheduled: 0, contracts: [] });

    const noFigures = byCode(
      input({
        appointments: [lesson(1, ['aaa'])],
        contracts,
        rights: { ...all, cover: false, contracts: { ...all.contracts, lessonsToPlan: false }, absences: false },
      }),
    );
    expect(noFigures.get('aaa')).toMatchObject({ lessonsToPlan: null, cover: null, absenceHours: null, scheduled: 1 });
    expect(noFigures.has('ggg')).toBe(false);
  });

  it('shares an absence’s hours over its school days and counts those in the week', () => {
    // Thursday 19 to Tuesday 24 November: 4 school days, 32 hours; Thursday and Friday in week 47.
    const absence = { employee: 'aaa', start: at(3, 8), end: at(8, 17), absenceDuration: 32 };
    expect(absenceHoursIn(absence, W47.start, W47.end, zone)).toBe(16);
    expect(absenceHoursIn({ ...absence, absenceDuration: null }, W47.start, W47.end, zone)).toBeNull();
    const loads = byCode(input({ appointments: [lesson(1, ['aaa'])], absences: [absence, { employee: null }] }));
    expect(loads.get('aaa')!.absenceHours).toBe(16);
  });

  it('sums weeks for a range, fte averaged over the weeks with a contract', () => {
    const week = (scheduled: number, fteNet: number | null) => ({
      ...input({ appointments: [lesson(1, ['aaa'])] })[0]!,
      scheduled,
      lessonsToPlan: 20,
      fteNet,
      contracts: [7],
    });
    const [sum] = sumWeeks([[week(18, 0.8)], [week(21, null)], [week(20, 0.6)]]);
    expect(sum).toMatchObject({ scheduled: 59, lessonsToPlan: 60, contracts: [7] });
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
  /** The count as it was written first: every row made the grid's appointment, chained by lessonChains. */
  function countedByChains(rows: Record<string, unknown>[]) {
    const loads = new Map<string, { scheduled: number; cancelled: number; cover: number }>();
    const of = (code: string) => {
      let load = loads.get(code);
      if (!load) loads.set(code, (load = { scheduled: 0, cancelled: 0, cover: 0 }));
      return load;
    };
    const counted = new Set<string>();
    for (const versions of lessonChains(rows))
      for (const [i, a] of versions.entries()) {
        if (!a.valid || a.hidden || a.start < W47.start || a.start >= W47.end) continue;
        if (a.id !== null && counted.has(`${a.id}`)) continue;
        if (a.id !== null) counted.add(`${a.id}`);
        const previous = i > 0 ? versions[i - 1]! : null;
        for (const teacher of new Set(a.teachers)) {
          const load = of(teacher);
          if (a.cancelled) load.cancelled++;
          else {
            load.scheduled++;
            if (a.teacherChanged && !previous?.teachers.includes(teacher)) load.cover++;
          }
        }
      }
    return [...loads].map(([employee, l]) => ({ employee, ...l }));
  }

  it('counts as the grid’s appointments chained did, in the same order, in batches of any size', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const rows = Array.from({ length: 3000 }, () => ({
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
    }));
    const expected = countedByChains(rows);
    expect(expected.length).toBeGreaterThan(3);
    const shape = (loads: ReturnType<typeof weekLoad>) =>
      loads.map((l) => ({ employee: l.employee, scheduled: l.scheduled, cancelled: l.cancelled, cover: l.cover }));
    const whole = input({ appointments: rows });
    expect(shape(whole)).toEqual(expected);
    for (const size of [1, 7, 500]) {
      const tally = new LessonTally();
      for (let i = 0; i < rows.length; i += size) tally.add(rows.slice(i, i + size));
      expect(tally.rows).toBe(rows.length);
      expect(input({ appointments: tally })).toEqual(whole);
    }
  });
});
