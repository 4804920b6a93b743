import { wireRow } from '@/tests/support/wire-rows';
import { describe, expect, it } from 'vitest';
import { appointmentsOf, list, toAppointment } from './appointment';

describe('appointmentsOf', () => {
  it('reshapes each record once: the same record gives the same appointment, a new one a new', () => {
    const r1 = wireRow('appointments', {
      id: 1,
      start: 100,
      end: 200,
      subjects: ['ne'],
      groups: ['1a', null, ''],
      type: 'lesson',
    });
    const r2 = { id: 2, start: 100, end: 200 };
    const none = { id: 3 };
    const first = appointmentsOf([r1, r2, none]);
    expect(first.map((a) => a.key)).toEqual(['1', '2']);
    expect(first[0]).toEqual(toAppointment(r1));
    const changed = { ...r2, locations: ['999'] };
    const byId = new Map<number, Record<string, unknown>>([
      [1, r1],
      [2, changed],
    ]);
    const second = appointmentsOf(byId.values());
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.locations).toEqual(['999']);
  });

  it('reads a list of codes leniently: nulls and empty codes out, numbers as text', () => {
    expect(list(['a', null, undefined, '', 5, 'b'])).toEqual(['a', '5', 'b']);
    expect(list('a')).toEqual([]);
  });
});
