import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@/lib/timetable/appointment';
import { layoutWeek } from '@/lib/timetable/layout';
import { changeCodes } from './codes';
import { clashesAmong, clashesWith, subjectClashes } from './clashes';
import { buildMatrix, columnAt, filterRows, freeRooms } from './matrix';
import { overviewQuery, readOverview } from './view';

const zone = 'Europe/Amsterdam';
const W47 = { year: 2026, week: 47 }; // 16–22 November 2026
let nextId = 1;

/** An appointment at local wall-clock times on a date, in a period when one is named. */
function appt(date: string, from: string, to: string, extra: Partial<Appointment> = {}): Appointment {
  const at = (t: string) => DateTime.fromISO(`${date}T${t}`, { zone }).toUnixInteger();
  const id = nextId++;
  return {
    key: String(id),
    id,
    instance: null,
    start: at(from),
    end: at(to),
    type: 'lesson',
    startSlotName: null,
    endSlotName: null,
    startSlot: null,
    endSlot: null,
    subjects: ['ne'],
    groups: ['1a'],
    teachers: ['abc'],
    locations: ['101'],
    students: null,
    cancelled: false,
    valid: true,
    hidden: false,
    optional: false,
    teacherChanged: false,
    locationChanged: false,
    timeChanged: false,
    groupChanged: false,
    changeDescription: '',
    schedulerRemark: '',
    content: '',
    lastModified: null,
    optionCount: 0,
    ...extra,
  };
}
const u = (n: number) => ({ startSlotName: `u${n}`, endSlotName: `u${n}`, startSlot: n });
const TIMES: Record<number, [string, string]> = {
  1: ['08:30', '09:20'],
  2: ['09:20', '10:10'],
  3: ['10:30', '11:20'],
  4: ['11:20', '12:05'],
};
/** A lesson in period n of a date. */
const lesson = (date: string, n: number, extra: Partial<Appointment> = {}) =>
  appt(date, TIMES[n]![0], TIMES[n]![1], { ...u(n), ...extra });

const title = (a: Appointment) => a.subjects.join(',') || a.content || a.type;
const matrixOf = (shown: Appointment[], kind: 'teacher' | 'group' | 'location', extra: string[] = []) =>
  buildMatrix(layoutWeek(shown, W47, zone), kind, title, extra);
const ids = (row: { cells: ({ appointment: Appointment }[] | undefined)[] }) =>
  [...new Set(row.cells.flatMap((c) => c ?? []).map((i) => i.appointment.key))].sort();

describe('the overview matrix', () => {
  it('has a row per teacher, group or room and a column per period of each day', () => {
    const a = lesson('2026-11-16', 1, { teachers: ['abc'], groups: ['1a'], locations: ['101'] });
    const b = lesson('2026-11-17', 3, { teachers: ['xyz', 'abc'], groups: ['2b'], locations: ['102'] });
    const m = matrixOf([a, b], 'teacher');
    expect(m.rows.map((r) => r.code)).toEqual(['abc', 'xyz']);
    // Monday to Friday, the periods learned from the data (u1 and u3 here).
    expect(m.columns).toHaveLength(5 * 2);
    expect(m.columns[0]).toMatchObject({ weekday: 1, period: 'u1' });
    const abc = m.rows[0]!;
    expect(abc.cells[columnAt(m, 1, 'u1')]!.map((i) => i.appointment.key)).toEqual([a.key]);
    expect(abc.cells[columnAt(m, 2, 'u3')]!.map((i) => i.appointment.key)).toEqual([b.key]);
    expect(ids(abc)).toEqual([a.key, b.key].sort());
    expect(matrixOf([a, b], 'location').rows.map((r) => r.code)).toEqual(['101', '102']);
  });

  it('shows the codes that matter for the row kind', () => {
    const a = lesson('2026-11-16', 1, { teachers: ['abc'], groups: ['4h1'], locations: ['102'], subjects: ['en'] });
    const cell = (kind: 'teacher' | 'group' | 'location') => {
      const m = matrixOf([a], kind);
      return m.rows[0]!.cells[columnAt(m, 1, 'u1')]![0]!.lines.map((l) => l.text);
    };
    expect(cell('teacher')).toEqual(['4h1', '102']);
    expect(cell('group')).toEqual(['en', 'abc']);
    expect(cell('location')).toEqual(['4h1', 'abc']);
  });

  it('puts items that share a period side by side in one cell, and sorts codes the natural way', () => {
    const a = lesson('2026-11-18', 2, { locations: ['gym1'], groups: ['1a'], teachers: ['t1'] });
    const b = lesson('2026-11-18', 2, { locations: ['gym1'], groups: ['1b'], teachers: ['t2'] });
    const c = lesson('2026-11-18', 2, { locations: ['gym10'], groups: ['1c'], teachers: ['t3'] });
    const d = lesson('2026-11-18', 2, { locations: ['gym2'], groups: ['1d'], teachers: ['t4'] });
    const m = matrixOf([a, b, c, d], 'location');
    expect(m.rows.map((r) => r.code)).toEqual(['gym1', 'gym2', 'gym10']);
    expect(m.rows[0]!.cells[columnAt(m, 3, 'u2')]).toHaveLength(2);
  });

  it('spreads a lesson over its periods, and an off-grid item over the periods it overlaps or an extra column', () => {
    const double = appt('2026-11-16', '08:30', '10:10', { startSlotName: 'u1', endSlotName: 'u2', startSlot: 1 });
    const periods = [
      lesson('2026-11-16', 1),
      lesson('2026-11-16', 2),
      lesson('2026-11-16', 3),
      lesson('2026-11-16', 4),
    ];
    const trip = appt('2026-11-17', '09:00', '11:00', { type: 'activity', teachers: ['abc'] });
    const duty = appt('2026-11-17', '10:10', '10:30', { type: 'interlude', teachers: ['abc'], content: 'Pleinwacht' });
    const m = matrixOf([double, ...periods, trip, duty], 'teacher');
    const row = m.rows.find((r) => r.code === 'abc')!;
    const at = (d: number, p: string) => row.cells[columnAt(m, d, p)]?.map((i) => i.appointment.key) ?? [];
    expect(at(1, 'u1')).toContain(double.key);
    expect(at(1, 'u2')).toContain(double.key);
    expect(row.cells[columnAt(m, 1, 'u2')]!.find((i) => i.appointment.key === double.key)!.continued).toBe(true);
    expect(at(2, 'u1')).toEqual([trip.key]);
    expect(at(2, 'u2')).toEqual([trip.key]);
    expect(at(2, 'u3')).toEqual([trip.key]);
    expect(at(2, 'u4')).toEqual([]);
    // The break duty overlaps no period: Tuesday gets an extra column, no other day does.
    const extra = m.columns.filter((c) => c.period === null);
    expect(extra.map((c) => c.weekday)).toEqual([2]);
    expect(row.cells[m.columns.indexOf(extra[0]!)]!.map((i) => i.appointment.key)).toEqual([duty.key]);
    // Four periods a day plus Tuesday's extra column.
    expect(m.columns).toHaveLength(5 * 4 + 1);
  });

  it('keeps empty rows for codes known otherwise (a room with only old versions)', () => {
    const m = matrixOf([lesson('2026-11-16', 1, { locations: ['101'] })], 'location', ['205', '101']);
    expect(m.rows.map((r) => [r.code, r.count])).toEqual([
      ['101', 1],
      ['205', 0],
    ]);
  });
});

describe('change codes', () => {
  it('name cancellations, substitutes, room changes, moves, group changes and added lessons', () => {
    expect(changeCodes(lesson('2026-11-16', 1, { cancelled: true }))).toEqual(['cancelled']);
    expect(changeCodes(lesson('2026-11-16', 1, { teacherChanged: true, locationChanged: true }))).toEqual([
      'substitute',
      'roomChange',
    ]);
    expect(changeCodes(lesson('2026-11-16', 1, { timeChanged: true }))).toEqual(['moved']);
    expect(changeCodes(lesson('2026-11-16', 1, { groupChanged: true }))).toEqual(['groupChanged']);
    expect(changeCodes(lesson('2026-11-16', 1, { changeDescription: 'Extra les (inhaalles)' }))).toEqual(['added']);
    // A description beside a named change is that change's, not an added lesson.
    expect(
      changeCodes(lesson('2026-11-16', 1, { changeDescription: 'Vervanging: mja voor yve', teacherChanged: true })),
    ).toEqual(['substitute']);
    expect(changeCodes(lesson('2026-11-16', 1))).toEqual([]);
  });

  it('mark the row and the changed line', () => {
    const a = lesson('2026-11-16', 1, { locations: ['204'], locationChanged: true, teachers: ['abc'] });
    const b = lesson('2026-11-16', 2, { teachers: ['xyz'] });
    const m = matrixOf([a, b], 'teacher');
    const abc = m.rows.find((r) => r.code === 'abc')!;
    expect(abc.changed).toBe(true);
    expect(m.rows.find((r) => r.code === 'xyz')!.changed).toBe(false);
    expect(abc.cells[columnAt(m, 1, 'u1')]![0]!.lines).toEqual([
      { text: '1a', changed: false },
      { text: '204', changed: true },
    ]);
  });
});

describe('clashes', () => {
  it('mark a teacher, group or room in two valid appointments at once, in that row only', () => {
    const a = lesson('2026-11-19', 3, { teachers: ['abc'], groups: ['1a'], locations: ['101'] });
    const b = lesson('2026-11-19', 3, { teachers: ['abc'], groups: ['2b'], locations: ['102'] });
    const c = lesson('2026-11-19', 4, { teachers: ['xyz'], groups: ['2b'], locations: ['101'] });
    const teacher = matrixOf([a, b, c], 'teacher');
    const abc = teacher.rows.find((r) => r.code === 'abc')!;
    expect(abc.clashes).toBe(2);
    expect(abc.cells[columnAt(teacher, 4, 'u3')]!.every((i) => i.clash)).toBe(true);
    expect(teacher.rows.find((r) => r.code === 'xyz')!.clashes).toBe(0);
    // The same two lessons do not clash for their groups or rooms (each has one).
    const group = matrixOf([a, b, c], 'group');
    expect(group.rows.every((r) => r.clashes === 0)).toBe(true);
    expect(matrixOf([a, b, c], 'location').rows.every((r) => r.clashes === 0)).toBe(true);
  });

  it('the week grid of a teacher, group or room marks exactly what that overview row marks', () => {
    const a = lesson('2026-11-19', 3, { teachers: ['abc'], groups: ['1a'], locations: ['101'] });
    const b = lesson('2026-11-19', 3, { teachers: ['abc'], groups: ['2b'], locations: ['102'] });
    const c = lesson('2026-11-19', 3, { teachers: ['xyz'], groups: ['2b'], locations: ['101'] });
    const d = lesson('2026-11-19', 4, { teachers: ['abc'], groups: ['1a'], locations: ['101'] });
    const all = [a, b, c, d];
    for (const kind of ['teacher', 'group', 'location'] as const) {
      for (const row of matrixOf(all, kind).rows) {
        const marked = new Set(
          row.cells.flatMap((cell) => (cell ?? []).filter((i) => i.clash).map((i) => i.appointment.key)),
        );
        const field = ({ teacher: 'teachers', group: 'groups', location: 'locations' } as const)[kind];
        const ownWeek = all.filter((x) => x[field].includes(row.code));
        expect(subjectClashes(ownWeek, { kind, code: row.code })).toEqual(marked);
      }
    }
    expect(subjectClashes(all, { kind: 'teacher', code: 'abc' })).toEqual(new Set([a.key, b.key]));
    expect(subjectClashes(all, { kind: 'school' }).size).toBe(0);
  });

  it('count overlap in time, not in period names, and leave cancelled and old versions out', () => {
    const lessonAt = lesson('2026-11-19', 3, { teachers: ['abc'], locations: ['aula'] });
    const meeting = appt('2026-11-19', '11:00', '12:00', { type: 'meeting', teachers: ['abc'], groups: [] });
    const after = lesson('2026-11-19', 4, { teachers: ['def'], locations: ['aula'] }); // starts as u3 ends
    const cancelled = lesson('2026-11-19', 4, { teachers: ['def'], cancelled: true });
    const old = lesson('2026-11-19', 4, { teachers: ['def'], valid: false });
    expect(clashesAmong([lessonAt, meeting])).toEqual(new Set([lessonAt.key, meeting.key]));
    expect(clashesAmong([lessonAt, after]).size).toBe(0);
    expect(clashesAmong([after, cancelled, old]).size).toBe(0);
  });

  it('name what an appointment clashes with by the same rule the grid marks it by', () => {
    const lessonAt = lesson('2026-11-19', 3, { teachers: ['abc'] });
    const meeting = appt('2026-11-19', '11:00', '12:00', { type: 'meeting', teachers: ['abc'], groups: [] });
    const cancelled = lesson('2026-11-19', 3, { teachers: ['abc'], cancelled: true });
    const other = lesson('2026-11-19', 3, { teachers: ['def'], groups: ['2b'] });
    const all = [lessonAt, meeting, cancelled, other];
    const subject = { kind: 'teacher', code: 'abc' } as const;
    expect(clashesWith(lessonAt, all, subject)).toEqual([meeting]);
    expect(clashesWith(meeting, all, subject)).toEqual([lessonAt]);
    expect(clashesWith(cancelled, all, subject)).toEqual([]);
    // Marked exactly when it names something.
    const marked = subjectClashes(all, subject);
    for (const a of all) expect(clashesWith(a, all, subject).length > 0, a.key).toBe(marked.has(a.key));
    expect(clashesWith(lessonAt, all, { kind: 'school' })).toEqual([]);
  });

  it('find every appointment of three at once, and of a long one over two short ones', () => {
    const long = appt('2026-11-20', '08:30', '12:00', { type: 'activity' });
    const x = lesson('2026-11-20', 1);
    const y = lesson('2026-11-20', 3);
    const z = lesson('2026-11-20', 3);
    expect(clashesAmong([x, y, z, long])).toEqual(new Set([long.key, x.key, y.key, z.key]));
    const alone = lesson('2026-11-20', 4);
    expect(clashesAmong([x, alone]).size).toBe(0);
  });

  it('agree with a pairwise check on random weeks', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 50; round++) {
      const list = Array.from({ length: 12 }, () => {
        const start = 8 * 60 + Math.floor(random() * 480);
        const length = 10 + Math.floor(random() * 120);
        const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return appt('2026-11-18', hm(start), hm(Math.min(start + length, 23 * 60)), {
          cancelled: random() < 0.15,
        });
      });
      const expected = new Set<string>();
      const live = list.filter((a) => !a.cancelled);
      for (const p of live)
        for (const q of live) if (p !== q && p.start < q.end && q.start < p.end) expected.add(p.key).add(q.key);
      expect(clashesAmong(list)).toEqual(expected);
    }
  });
});

describe('filters and free rooms', () => {
  const a = lesson('2026-11-16', 1, { teachers: ['abr'], locations: ['101'] });
  const b = lesson('2026-11-16', 1, { teachers: ['xyz'], locations: ['102'], cancelled: true });
  const c = lesson('2026-11-16', 2, { teachers: ['jan'], locations: ['103'], teacherChanged: true });

  it('search codes and names (accents ignored) and keep only rows with changes', () => {
    const m = matrixOf([a, b, c], 'teacher');
    const names = new Map([['abr', 'Alisa de Bruijn']]);
    const nameOf = (code: string) => names.get(code);
    expect(filterRows(m.rows, 'bruijn', false, nameOf).map((r) => r.code)).toEqual(['abr']);
    expect(filterRows(m.rows, 'BRÜIJN', false, nameOf).map((r) => r.code)).toEqual(['abr']);
    expect(filterRows(m.rows, 'xy', false, nameOf).map((r) => r.code)).toEqual(['xyz']);
    expect(filterRows(m.rows, '', true, nameOf).map((r) => r.code)).toEqual(['jan', 'xyz']);
  });

  it('list rooms with nothing but cancelled lessons in a period as free', () => {
    const m = matrixOf([a, b, c], 'location', ['201']);
    expect(freeRooms(m, columnAt(m, 1, 'u1'))).toEqual(['102', '103', '201']);
    expect(freeRooms(m, columnAt(m, 1, 'u2'))).toEqual(['101', '102', '201']);
    expect(freeRooms(matrixOf([a], 'teacher'), 0)).toEqual([]);
  });
});

describe('the overview URL', () => {
  it('reads and writes every choice', () => {
    const params = new URLSearchParams(
      'week=2026-W47&by=location&project=12,13&q=gym&changes=1&day=4&free=4-u3&print=day',
    );
    const view = readOverview(params, { year: 2026, week: 1 });
    expect(view).toEqual({
      week: W47,
      by: 'location',
      projects: [12, 13],
      query: 'gym',
      changesOnly: true,
      day: 4,
      free: { weekday: 4, period: 'u3' },
      print: 'day',
    });
    expect(readOverview(new URLSearchParams(overviewQuery(view)), { year: 2026, week: 1 })).toEqual(view);
  });

  it('falls back to this week, teachers and the whole week', () => {
    const view = readOverview(new URLSearchParams('by=nonsense&day=9&free=x'), { year: 2026, week: 3 });
    expect(view).toMatchObject({ week: { year: 2026, week: 3 }, by: 'teacher', day: null, free: null, print: 'week' });
  });
});
