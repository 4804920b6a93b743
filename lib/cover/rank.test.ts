import { describe, expect, it } from 'vitest';
import { rankDay, type RankInput, type TeacherWeek } from './rank';
import { DEFAULT_SETTINGS } from './types';
import { wireRow } from '@/tests/support/wire-rows';

// The cover rules on small, messy days: which lessons are of absent teachers and in which state,
// who may be asked (hard rules), and the reasons with their points.

const H = 3600;
const day = 1_800_000_000 - (1_800_000_000 % 86_400);
const at = (hour: number) => day + hour * H;
const lesson = (id: number | null, teachers: unknown, hour: number, extra: Record<string, unknown> = {}) =>
  wireRow('appointments', {
    id,
    appointmentInstance: id,
    start: at(hour),
    end: at(hour) + 45 * 60,
    type: 'lesson',
    teachers,
    groups: ['1a'],
    subjects: ['wi'],
    locations: ['101'],
    startTimeSlotName: `u${hour - 7}`,
    valid: true,
    cancelled: false,
    hidden: false,
    ...extra,
  });
const staff = (...codes: string[]) => new Map(codes.map((c) => [c, { name: c.toUpperCase(), projects: new Set([1]) }]));
const week = (
  groups: string[],
  subjects: string[],
  planned: number | null = null,
  toPlan: number | null = null,
): TeacherWeek => ({
  groups: new Set(groups),
  subjects: new Set(subjects),
  planned,
  toPlan,
});
const input = (over: Partial<RankInput>): RankInput => ({
  dayStart: day,
  dayEnd: day + 86_400,
  appointments: [],
  absences: [{ employee: 'abs', start: at(0), end: at(23) }],
  staff: staff('aaa', 'bbb'),
  weeks: new Map(),
  coversSoFar: new Map(),
  branchProject: new Map(),
  settings: DEFAULT_SETTINGS,
  ...over,
});

describe('the lessons of absent teachers', () => {
  it('are open while still theirs, covered when another teacher gives them, cancelled when cancelled or removed', () => {
    const { lessons } = rankDay(
      input({
        appointments: [
          lesson(1, ['abs'], 9),
          lesson(2, ['abs'], 10, { valid: false }),
          { ...lesson(3, ['aaa'], 10, { teacherChanged: true }), appointmentInstance: 2 },
          lesson(4, ['abs'], 11, { cancelled: true }),
          lesson(5, ['abs'], 12, { valid: false }), // removed: no current version
          lesson(6, ['aaa'], 13), // not an absent teacher's
          lesson(7, ['abs'], 14, { type: 'meeting' }), // not a lesson
          lesson(null, ['abs', '', null], 15, { appointmentInstance: null, groups: null, subjects: undefined }),
          lesson(8, null, 9), // no teachers at all: nobody's
        ],
      }),
    );
    expect(lessons.map((l) => [l.id, l.state])).toEqual([
      [1, 'open'],
      [3, 'covered'],
      [4, 'cancelled'],
      [5, 'cancelled'],
      [null, 'open'],
    ]);
    expect(lessons.find((l) => l.id === 3)!.coveredBy).toEqual(['aaa']);
    expect(lessons.find((l) => l.id === null)).toMatchObject({ groups: [], subjects: [], absent: ['abs'] });
  });

  it('counts a teacher away on an activity or exam elsewhere as absent for that time', () => {
    const { lessons } = rankDay(
      input({
        absences: [],
        appointments: [
          lesson(1, ['tku'], 9),
          lesson(2, ['tku'], 9, { type: 'activity', groups: ['2h1'], end: at(12) }),
          lesson(3, ['tku'], 13),
        ],
      }),
    );
    expect(lessons.map((l) => [l.id, l.state, l.away])).toEqual([[1, 'open', [{ employee: 'tku', why: 'elsewhere' }]]]);
  });
});

describe('who may be asked', () => {
  it('never someone absent, busy at that time (any appointment), without a contract in the project, or not to be asked', () => {
    const [open] = rankDay(
      input({
        settings: { ...DEFAULT_SETTINGS, unavailable: ['no'], freeDay: 'reason' },
        appointments: [
          { ...lesson(1, ['abs'], 9), branchOfSchool: 7 },
          lesson(2, ['busy'], 9, { type: 'talk', end: at(9) + 10 * 60 }),
          lesson(3, ['cxl'], 9, { cancelled: true }), // their own lesson then is cancelled: free
        ],
        absences: [
          { employee: 'abs', start: at(0), end: at(23) },
          { employee: 'ill', start: at(8), end: at(10) },
        ],
        staff: new Map([
          ...staff('busy', 'ill', 'cxl', 'no', 'ok'),
          ['other', { name: 'OTHER', projects: new Set([2]) }],
        ]),
        branchProject: new Map([[7, 1]]),
      }),
    ).lessons;
    expect(open!.candidates.map((c) => c.employee).sort()).toEqual(['cxl', 'ok']);
  });

  it('names why nobody can: everyone busy, everyone absent, no contract in the project', () => {
    const nobody = (over: Partial<RankInput>) =>
      rankDay(input({ appointments: [lesson(1, ['abs'], 9)], ...over })).lessons[0]!.nobody;
    expect(nobody({ staff: staff('aaa'), appointments: [lesson(1, ['abs'], 9), lesson(2, ['aaa'], 9)] })).toBe(
      'allBusy',
    );
    expect(
      nobody({
        staff: staff('aaa'),
        absences: [
          { employee: 'abs', start: at(0), end: at(23) },
          { employee: 'aaa', start: null, end: null },
        ],
      }),
    ).toBe('allAbsent');
    expect(
      nobody({
        appointments: [{ ...lesson(1, ['abs'], 9), branchOfSchool: 7 }],
        branchProject: new Map([[7, 2]]),
      }),
    ).toBe('noContract');
  });
});

describe('the reasons and their points', () => {
  const reasonsOf = (over: Partial<RankInput>, who = 'aaa') => {
    const [open] = rankDay(input(over)).lessons;
    const c = open!.candidates.find((x) => x.employee === who)!;
    expect(c.score).toBe(c.reasons.reduce((n, r) => n + r.points, 0));
    return Object.fromEntries(c.reasons.map((r) => [r.key, r.points]));
  };

  it('knows the group, teaches the subject, a gap hour; a day with five lessons already weighs against', () => {
    // Two rows of three with the cover (a free lesuur at 11): within the day's rules.
    const own = [8, 9, 12, 13, 14].map((h, i) => lesson(100 + i, ['aaa'], h, { groups: ['9z'] }));
    expect(
      reasonsOf({
        appointments: [lesson(1, ['abs'], 10), ...own],
        weeks: new Map([['aaa', week(['1a'], ['wi'])]]),
      }),
    ).toEqual({ knowsGroup: 30, teachesSubject: 20, gapHour: 25, busyDay: -10 });
  });

  it('an edge hour, freed by a group away (cancelledReason students), covers so far and the contract', () => {
    expect(
      reasonsOf({
        appointments: [
          lesson(1, ['abs'], 10),
          lesson(2, ['aaa'], 11),
          lesson(3, ['aaa'], 10, { cancelled: true, cancelledReason: 'students', groups: ['2h1'] }),
        ],
        coversSoFar: new Map([['aaa', 2]]),
        weeks: new Map([['aaa', week([], [], 18, 20)]]),
      }),
    ).toEqual({ edgeHour: 15, freed: 20, coversSoFar: -40, underContract: 6 });
  });

  it('not at school that day, where the school makes it a reason: a strong minus; weights set to 0 leave their reason out', () => {
    const asReason = { ...DEFAULT_SETTINGS, freeDay: 'reason' as const };
    expect(reasonsOf({ appointments: [lesson(1, ['abs'], 10)], settings: asReason })).toEqual({ notAtSchool: -50 });
    expect(
      reasonsOf({
        appointments: [lesson(1, ['abs'], 10)],
        settings: { ...asReason, weights: { ...DEFAULT_SETTINGS.weights, notAtSchool: 0 } },
      }),
    ).toEqual({});
  });

  it('covers so far weigh per fte: two at 0,4 fte as five at 1,0 fte, the fte on the reason', () => {
    const covers = (fte: number | null, count: number) => {
      const [open] = rankDay(
        input({
          appointments: [lesson(1, ['abs'], 10), lesson(2, ['aaa'], 8)],
          staff: new Map([['aaa', { name: 'AAA', projects: new Set([1]), fte }]]),
          coversSoFar: new Map([['aaa', count]]),
        }),
      ).lessons;
      return open!.candidates[0]!.reasons.find((r) => r.key === 'coversSoFar');
    };
    expect(covers(0.4, 2)).toEqual({ key: 'coversSoFar', points: -100, count: 2, fte: 0.4 });
    expect(covers(1, 5)!.points).toBe(-100);
    expect(covers(null, 2)).toEqual({ key: 'coversSoFar', points: -40, count: 2 });
    // A 0,0 fte contract is weighed as the least fte, not divided by zero.
    expect(covers(0, 1)!.points).toBe(-200);
  });
});

describe("the reliever's day", () => {
  const candidatesOf = (over: Partial<RankInput>) => rankDay(input(over)).lessons[0]!;
  // Lesuren of 45 minutes each hour: 15 minutes between them is no free lesuur.
  const ownAt = (teacher: string, hours: number[]) =>
    hours.map((h, i) => lesson(200 + i, [teacher], h, { groups: ['9z'] }));

  it('no one whose lesuren that day would pass the limit, counted in lesuren (a double lesson is two)', () => {
    // bbb teaches seven lesuren with free lesuren between: an eighth breaks the day, not the row.
    const bbb = [8, 12, 14, 16].map((h, i) =>
      lesson(300 + i, ['bbb'], h, { groups: ['9z'], startTimeSlot: h - 7, endTimeSlot: h - 7 + (i < 3 ? 1 : 0) }),
    );
    const open = candidatesOf({ appointments: [lesson(1, ['abs'], 10), lesson(2, ['aaa'], 8), ...bbb] });
    expect(open.candidates.map((c) => c.employee)).toEqual(['aaa']);
    const roomier = candidatesOf({
      appointments: [lesson(1, ['abs'], 10), lesson(2, ['aaa'], 8), ...bbb],
      settings: { ...DEFAULT_SETTINGS, maxLessonsPerDay: 8 },
    });
    expect(roomier.candidates.map((c) => c.employee).sort()).toEqual(['aaa', 'bbb']);
  });

  it('no one who would teach more than the limit in a row; a break duty joins the lessons around it', () => {
    const duty = lesson(400, ['aaa'], 12, { type: 'interlude', groups: [], start: at(12) - 15 * 60, end: at(12) });
    // aaa: 9, 11, the duty before 12, 12, 13 → with a cover at 10: 9 10 11 duty 12 13 is six in a row.
    const appointments = [lesson(1, ['abs'], 10), ...ownAt('aaa', [9, 11, 12, 13]), duty, lesson(2, ['bbb'], 8)];
    expect(candidatesOf({ appointments }).candidates.map((c) => c.employee)).toEqual(['bbb']);
    // A group's interlude (its free period) is not a duty: five in a row, allowed.
    const groupBreak = { ...duty, groups: ['1a'] };
    const free = [lesson(1, ['abs'], 10), ...ownAt('aaa', [9, 11, 12, 13]), groupBreak, lesson(2, ['bbb'], 8)];
    expect(
      candidatesOf({ appointments: free })
        .candidates.map((c) => c.employee)
        .sort(),
    ).toEqual(['aaa', 'bbb']);
  });

  it('no one without appointments that day, unless the school makes it a reason; nobody then says why', () => {
    const appointments = [lesson(1, ['abs'], 10), lesson(2, ['aaa'], 8)];
    expect(candidatesOf({ appointments }).candidates.map((c) => c.employee)).toEqual(['aaa']);
    expect(
      candidatesOf({ appointments, settings: { ...DEFAULT_SETTINGS, freeDay: 'reason' } }).candidates.map(
        (c) => c.employee,
      ),
    ).toEqual(['aaa', 'bbb']);
    expect(candidatesOf({ appointments: [lesson(1, ['abs'], 10)] }).nobody).toBe('notAtSchool');
    const full = ownAt('aaa', [11, 12, 13, 14, 15]);
    expect(candidatesOf({ appointments: [lesson(1, ['abs'], 10), ...full], staff: staff('aaa') }).nobody).toBe(
      'dayFull',
    );
  });

  it("gives each teacher's day as the proposal judges it: lessons, duties, invigilations; not meetings or cancelled ones", () => {
    const { days } = rankDay(
      input({
        appointments: [
          lesson(1, ['abs'], 10),
          lesson(2, ['aaa'], 8, { startTimeSlot: 1, endTimeSlot: 2 }),
          lesson(3, ['aaa'], 11, { type: 'meeting' }),
          lesson(4, ['aaa'], 12, { type: 'exam' }),
          lesson(5, ['aaa'], 13, { cancelled: true }),
          lesson(6, ['aaa'], 14, { type: 'interlude', groups: [] }),
        ],
      }),
    );
    expect(days.get('aaa')!.map((i) => [i.kind, i.lesuren])).toEqual([
      ['lesson', 2],
      ['invigilation', 1],
      ['duty', 1],
    ]);
  });
});

describe('duties and invigilations of absent teachers', () => {
  const duty = (id: number, teachers: unknown, hour: number, extra: Record<string, unknown> = {}) =>
    lesson(id, teachers, hour, {
      type: 'interlude',
      groups: [],
      subjects: [],
      startTimeSlotName: null,
      end: at(hour) + 20 * 60,
      ...extra,
    });

  it('lists a break duty and an exam of an absent teacher as to cover; a group’s free period and a meeting not', () => {
    const { lessons } = rankDay(
      input({
        appointments: [
          duty(1, ['abs'], 10),
          lesson(2, ['abs', 'bbb'], 11, { type: 'exam', groups: ['5v1', '5v2'], subjects: ['ne'] }),
          duty(3, ['abs'], 12, { groups: ['1a'] }), // the group's interlude: its free period
          lesson(4, ['abs'], 14, { type: 'meeting' }),
          duty(5, ['abs'], 15, { valid: false }),
          { ...duty(6, ['aaa'], 15), appointmentInstance: 5 }, // taken over by aaa in the portal
        ],
      }),
    );
    expect(lessons.map((l) => [l.id, l.kind, l.state])).toEqual([
      [1, 'duty', 'open'],
      [2, 'invigilation', 'open'],
      [6, 'duty', 'covered'],
    ]);
    expect(lessons[0]!.lesuren).toBe(1);
  });

  it('asks someone free then, with no reasons of group or subject, and counts the duty in their day', () => {
    const week7 = new Map([
      ['aaa', week(['5v1'], ['ne'])],
      ['bbb', week(['5v1'], ['ne'])],
    ]);
    const [exam] = rankDay(
      input({
        weeks: week7,
        appointments: [
          lesson(1, ['abs'], 11, { type: 'exam', groups: ['5v1'], subjects: ['ne'] }),
          lesson(2, ['aaa'], 9),
          lesson(3, ['bbb'], 11), // busy then
        ],
      }),
    ).lessons;
    expect(exam!.candidates.map((c) => c.employee)).toEqual(['aaa']);
    const keys = exam!.candidates[0]!.reasons.map((r) => r.key);
    expect(keys).not.toContain('knowsGroup');
    expect(keys).not.toContain('teachesSubject');
    // A duty taken in a full row breaks it: aaa teaches 8–12 straight, the duty at 10:45 is a sixth.
    const [pleinwacht] = rankDay(
      input({
        appointments: [
          duty(1, ['abs'], 10, { start: at(10) + 45 * 60, end: at(11) }),
          ...[8, 9, 10, 11, 12].map((h, i) => lesson(20 + i, ['aaa'], h, { groups: ['9z'] })),
          lesson(30, ['bbb'], 8),
        ],
      }),
    ).lessons;
    expect(pleinwacht!.candidates.map((c) => c.employee)).toEqual(['bbb']);
  });
});

describe('covers entered in the portal', () => {
  it('are checked against the hard rules: busy then (with the clashing lesson), no contract, the day', () => {
    const taken = (id: number, teacher: string, hour: number) => [
      lesson(id, ['abs'], hour, { valid: false }),
      { ...lesson(id + 1, [teacher], hour), appointmentInstance: id },
    ];
    const { lessons } = rankDay(
      input({
        staff: staff('aaa', 'bbb', 'ccc'),
        absences: [
          { employee: 'abs', start: at(0), end: at(23) },
          { employee: 'ccc', start: at(11), end: at(12) },
        ],
        appointments: [
          ...taken(10, 'aaa', 9), // aaa gives 2b1 then too
          lesson(20, ['aaa'], 9, { groups: ['2b1'] }),
          ...taken(30, 'bbb', 10), // fine
          ...taken(40, 'ccc', 11), // ccc is absent then
          ...taken(50, 'zzz', 12), // no contract
          ...taken(60, 'bbb', 13), // bbb teaches 14–18: 13 makes six in a row
          ...[14, 15, 16, 17, 18].map((h, i) => lesson(70 + i, ['bbb'], h, { groups: ['9z'] })),
        ],
      }),
    );
    const conflicts = (id: number) => lessons.find((l) => l.id === id)!.conflicts;
    expect(conflicts(11)).toEqual([{ rule: 'busy', teacher: 'aaa', appointment: { id: 20, groups: ['2b1'] } }]);
    expect(conflicts(31)).toBeUndefined();
    // Given to someone absent then: theirs now and they are away, so open again.
    expect(lessons.find((l) => l.id === 41)!.state).toBe('open');
    expect(conflicts(51)).toEqual([{ rule: 'noContract', teacher: 'zzz', appointment: null }]);
    expect(conflicts(61)).toEqual([{ rule: 'inRow', teacher: 'bbb', appointment: null }]);
  });
});
