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
    const lessons = rankDay(
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
    const lessons = rankDay(
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
        settings: { ...DEFAULT_SETTINGS, unavailable: ['no'] },
      }),
    );
    expect(open!.candidates.map((c) => c.employee).sort()).toEqual(['cxl', 'ok']);
  });

  it('names why nobody can: everyone busy, everyone absent, no contract in the project', () => {
    const nobody = (over: Partial<RankInput>) =>
      rankDay(input({ appointments: [lesson(1, ['abs'], 9)], ...over }))[0]!.nobody;
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
    const [open] = rankDay(input(over));
    const c = open!.candidates.find((x) => x.employee === who)!;
    expect(c.score).toBe(c.reasons.reduce((n, r) => n + r.points, 0));
    return Object.fromEntries(c.reasons.map((r) => [r.key, r.points]));
  };

  it('knows the group, teaches the subject, a gap hour; a day with five lessons already weighs against', () => {
    const own = [8, 9, 11, 12, 13].map((h, i) => lesson(100 + i, ['aaa'], h, { groups: ['9z'] }));
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
    ).toEqual({ edgeHour: 15, freed: 20, coversSoFar: -16, underContract: 6 });
  });

  it('not at school that day: a strong minus; weights set to 0 leave their reason out', () => {
    expect(reasonsOf({ appointments: [lesson(1, ['abs'], 10)] })).toEqual({ notAtSchool: -50 });
    expect(
      reasonsOf({
        appointments: [lesson(1, ['abs'], 10)],
        settings: { ...DEFAULT_SETTINGS, weights: { ...DEFAULT_SETTINGS.weights, notAtSchool: 0 } },
      }),
    ).toEqual({});
  });
});
