import { describe, expect, it } from 'vitest';
import { absencesOn, lessonsOfAbsent } from '@/lib/lessons/absences';
import { dayChanges, groupChanges } from './day-changes';

const DAY = 1_700_000_000;
const at = (minutes: number) => DAY + minutes * 60;
const lesson = (over: Record<string, unknown>) => ({
  id: 1,
  appointmentInstance: 10,
  type: 'lesson',
  start: at(510),
  end: at(560),
  startTimeSlot: 1,
  startTimeSlotName: 'u1',
  subjects: ['en'],
  groups: ['4h1'],
  teachers: ['yve'],
  locations: ['106'],
  valid: true,
  hidden: false,
  cancelled: false,
  changeDescription: '',
  lastModified: 100,
  ...over,
});

describe('dayChanges', () => {
  it('reads before → after from the previous version of the same instance', () => {
    const rows = [
      lesson({ id: 1, valid: false }),
      lesson({ id: 2, teachers: ['mja'], teacherChanged: true, changeDescription: 'Vervanging: mja voor yve' }),
      lesson({ id: 3, appointmentInstance: 11, locations: ['106'], valid: false }),
      lesson({ id: 4, appointmentInstance: 11, locations: ['108'], changeDescription: 'Lokaalwijziging: 106 → 108' }),
      lesson({ id: 5, appointmentInstance: 12, cancelled: true, changeDescription: 'Les vervalt' }),
      lesson({ id: 6, appointmentInstance: 13, hidden: true, valid: false, changeDescription: 'Verwijderd' }),
      lesson({ id: 7, appointmentInstance: 14, changeDescription: 'Extra les (inhaalles)' }),
      lesson({ id: 8, appointmentInstance: 15 }), // unchanged
      lesson({ id: 9, appointmentInstance: 16, valid: false }),
      lesson({ id: 10, appointmentInstance: 16, start: at(900), end: at(950), startTimeSlotName: 'u7' }),
      lesson({ id: 11, appointmentInstance: 17, start: at(510 + 1440), teacherChanged: true }), // another day
    ];
    const changes = dayChanges(rows, DAY, DAY + 86_400);
    const byKey = Object.fromEntries(changes.map((c) => [c.key, c]));
    expect(Object.keys(byKey).sort()).toEqual(['i10', 'i11', 'i12', 'i13', 'i14', 'i16']);
    expect(byKey.i10!.kinds).toEqual(['teacher']);
    expect(byKey.i10!.before?.teachers).toEqual(['yve']);
    expect(byKey.i10!.after?.teachers).toEqual(['mja']);
    expect(byKey.i11!.kinds).toEqual(['location']);
    expect(byKey.i12!.kinds).toEqual(['cancelled']);
    expect(byKey.i13!.kinds).toEqual(['removed']);
    expect(byKey.i13!.after).toBeNull();
    expect(byKey.i14!.kinds).toEqual(['added']);
    expect(byKey.i16!.kinds).toEqual(['moved']);
    expect(byKey.i16!.before?.startSlotName).toBe('u1');
    // Sorted by start: the moved lesson (now u7) comes last.
    expect(changes.at(-1)!.key).toBe('i16');
  });

  it('keeps versions without id or instance, and reads flags without a previous version', () => {
    const rows = [
      lesson({ id: null, appointmentInstance: null, cancelled: true }),
      lesson({ id: 20, appointmentInstance: 20, locationChanged: true }),
    ];
    const kinds = dayChanges(rows, DAY, DAY + 86_400).map((c) => c.kinds);
    expect(kinds).toEqual(expect.arrayContaining([['cancelled'], ['location']]));
  });

  it('groups a change under every group, teacher or room it touches', () => {
    const rows = [lesson({ id: 1, valid: false }), lesson({ id: 2, teachers: ['mja'] })];
    const changes = dayChanges(rows, DAY, DAY + 86_400);
    expect(groupChanges(changes, 'teacher').map(([n]) => n)).toEqual(['mja', 'yve']);
    expect(groupChanges(changes, 'group').map(([n]) => n)).toEqual(['4h1']);
  });
});

describe('by lesuur', () => {
  it('lists each change once under the lesuur it has now, u2 before u10, off the grid last', () => {
    const rows = [
      lesson({ id: 1, appointmentInstance: 20, startTimeSlotName: 'u10', cancelled: true }),
      lesson({ id: 2, appointmentInstance: 21, startTimeSlotName: 'u2', cancelled: true }),
      lesson({ id: 3, appointmentInstance: 22, startTimeSlotName: null, startTimeSlot: null, cancelled: true }),
      lesson({ id: 4, appointmentInstance: 23, startTimeSlotName: 'u2', teachers: ['abc'], teacherChanged: true }),
    ];
    const groups = groupChanges(dayChanges(rows, DAY, DAY + 86_400), 'period');
    expect(groups.map(([n, list]) => [n, list.length])).toEqual([
      ['u2', 2],
      ['u10', 1],
      ['', 1],
    ]);
  });
});

describe('absent staff', () => {
  it('says what happened to each lesson of the absent person that day', () => {
    const rows = [
      lesson({ id: 1, valid: false }),
      lesson({ id: 2, teachers: ['mja'] }),
      lesson({ id: 3, appointmentInstance: 11, cancelled: true }),
      lesson({ id: 4, appointmentInstance: 12 }),
      lesson({ id: 5, appointmentInstance: 13, teachers: ['abc'] }),
    ];
    const [absence] = absencesOn([{ id: 1, employee: 'yve', start: DAY, end: DAY + 86_400 }], DAY, DAY + 86_400);
    const outcomes = lessonsOfAbsent(rows, absence!, DAY, DAY + 86_400).map((l) => l.outcome);
    expect(outcomes).toEqual(
      expect.arrayContaining([{ kind: 'covered', by: ['mja'] }, { kind: 'cancelled' }, { kind: 'unresolved' }]),
    );
    expect(outcomes).toHaveLength(3);
    expect(absencesOn([{ id: 2, employee: 'x', start: DAY + 86_400, end: DAY + 90_000 }], DAY, DAY + 86_400)).toEqual(
      [],
    );
  });
});

describe('a change that changes nothing is not a change (kindsOf)', () => {
  it('drops flags over equal values, messy rows included, and keeps real changes', () => {
    const rows = [
      // "lokaal 003 → 003": the flag set, the same room.
      lesson({ id: 1, appointmentInstance: 30, locations: ['003'], valid: false }),
      lesson({
        id: 2,
        appointmentInstance: 30,
        locations: ['003'],
        locationChanged: true,
        changeDescription: 'Lokaalwijziging: 003 → 003',
      }),
      // The same teachers in another order, repeated, with spaces and an empty code.
      lesson({ id: 3, appointmentInstance: 31, teachers: ['yve', 'mja'], valid: false }),
      lesson({ id: 4, appointmentInstance: 31, teachers: ['mja ', 'yve', 'yve', ''], teacherChanged: true }),
      // Every flag set, nothing different: no change, even with a description.
      lesson({ id: 5, appointmentInstance: 32, valid: false }),
      lesson({
        id: 6,
        appointmentInstance: 32,
        teacherChanged: true,
        locationChanged: true,
        timeChanged: true,
        groupChanged: true,
        changeDescription: 'Gewijzigd',
      }),
      // A flag left on a later version: the room changed (v1 → v2), then the teacher (v2 → v3).
      lesson({ id: 7, appointmentInstance: 33, locations: ['106'], valid: false }),
      lesson({ id: 8, appointmentInstance: 33, locations: ['108'], locationChanged: true, valid: false }),
      lesson({
        id: 9,
        appointmentInstance: 33,
        locations: ['108'],
        locationChanged: true,
        teachers: ['mja'],
        teacherChanged: true,
      }),
      // Ids as text, an unflagged real change.
      lesson({ id: '10', appointmentInstance: '34', groups: ['4h1'], valid: false }),
      lesson({ id: '11', appointmentInstance: '34', groups: ['4h1', '4h2'] }),
      // No older version: the flag is all there is.
      lesson({ id: 12, appointmentInstance: 35, locationChanged: true }),
    ];
    const changes = dayChanges(rows, DAY, DAY + 86_400);
    const byKey = Object.fromEntries(changes.map((c) => [c.key, c]));
    expect(Object.keys(byKey).sort()).toEqual(['i33', 'i34', 'i35']);
    expect(byKey.i33!.kinds).toEqual(['teacher', 'location']);
    // The room's "before" is the version that had another room, not the previous one.
    expect(byKey.i33!.from.location?.locations).toEqual(['106']);
    expect(byKey.i33!.from.teacher?.teachers).toEqual(['yve']);
    expect(byKey.i34!.kinds).toEqual(['group']);
    expect(byKey.i35!.kinds).toEqual(['location']);
  });

  it('counts what /changes lists: the phantom change is in neither', async () => {
    const { countChanges } = await import('./count');
    const rows = [
      lesson({ id: 1, locations: ['003'], valid: false }),
      lesson({ id: 2, locations: ['003'], locationChanged: true }),
    ];
    expect(countChanges(rows, DAY, DAY + 86_400).total).toBe(0);
  });
});
