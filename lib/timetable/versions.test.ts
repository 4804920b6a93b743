import { describe, expect, it } from 'vitest';
import { toAppointment, type Appointment } from './appointment';
import { byInstance, missingPrevious, olderVersions, previousVersion, versionChange } from './versions';

const version = (fields: Record<string, unknown>): Appointment =>
  toAppointment({
    appointmentInstance: 7,
    start: 1_794_987_000,
    end: 1_794_990_000,
    type: 'lesson',
    subjects: ['en'],
    groups: ['4h1'],
    teachers: ['yve'],
    locations: ['106'],
    valid: true,
    ...fields,
  })!;

describe('the appointment version chain', () => {
  const original = version({ id: 1, valid: false });
  const substitute = version({ id: 2, valid: false, teachers: ['mja'], teacherChanged: true });
  const roomToo = version({
    id: 3,
    teachers: ['mja'],
    locations: ['108'],
    teacherChanged: true,
    locationChanged: true,
  });
  const chains = byInstance([roomToo, original, substitute]);

  it('finds the version a change replaced: the newest older one that is no longer current', () => {
    expect(previousVersion(roomToo, chains)?.id).toBe(2);
    expect(previousVersion(substitute, chains)?.id).toBe(1);
    expect(previousVersion(original, chains)).toBeNull();
  });

  it('gives before → after for flagged parts, from the newest older version that differs', () => {
    // Changed twice: the version just before already had mja; the one before that had yve.
    expect(versionChange(roomToo, olderVersions(roomToo, chains))).toEqual({
      teacher: { before: 'yve', after: 'mja' },
      location: { before: '106', after: '108' },
      group: undefined,
    });
    // Only the direct previous version at hand, with the same teacher: a mark, never "mja mja".
    expect(versionChange(roomToo, substitute)?.teacher).toEqual({ before: null, after: 'mja' });
    expect(versionChange(substitute, original)?.teacher).toEqual({ before: 'yve', after: 'mja' });
  });

  it('keeps only the flag when the previous version is not at hand', () => {
    expect(versionChange(roomToo, null)).toMatchObject({
      teacher: { before: null, after: 'mja' },
      location: { before: null, after: '108' },
    });
    expect(versionChange(version({ id: 9 }), null)).toBeNull();
  });

  it('says where a moved lesson came from', () => {
    const moved = version({
      id: 5,
      timeChanged: true,
      start: 1_795_000_000,
      end: 1_795_003_000,
      startTimeSlotName: 'u6',
    });
    const before = version({ id: 4, valid: false, startTimeSlotName: 'u1' });
    expect(versionChange(moved, before)?.time).toEqual({ from: { start: before.start, end: before.end, slot: 'u1' } });
  });

  it('asks for the instances whose previous version the view did not read', () => {
    const alone = version({ id: 20, appointmentInstance: 8, teacherChanged: true, teachers: ['mja'] });
    expect(missingPrevious([roomToo, alone], byInstance([roomToo, alone, original, substitute]))).toEqual([8]);
  });
});
