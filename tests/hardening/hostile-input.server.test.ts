import { describe, expect, it } from 'vitest';
import { ownValue } from '@/lib/partner-api/records';
import { narrowRows } from '@/lib/partner-api/proxy-query';
import { toAppointment } from '@/lib/timetable/appointment';
import { typeLabel } from '@/lib/timetable/labels';
import { boundedName } from '@/lib/connection/connect.server';
import { weekIcs } from '@/lib/timetable/ics.server';

// What a hostile portal can send: field names that are Object.prototype's, absurd values, huge names.

describe('field names from outside', () => {
  const record = JSON.parse('{"id": 1, "name": "x"}') as Record<string, unknown>;

  it('read as absent when the record does not own them', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(ownValue(record, name)).toBeUndefined();
    expect(ownValue(JSON.parse('{"constructor": "own"}'), 'constructor')).toBe('own');
    expect(narrowRows([record], { field: 'constructor', value: 'function Object() { [native code] }' })).toEqual([]);
    expect(typeLabel('constructor')).toBe('constructor');
  });
});

describe('the calendar file', () => {
  const a = (start: number) =>
    toAppointment({ id: start, start, end: start + 3000, type: 'lesson', subjects: ['en'], startTimeSlotName: 'u1' })!;

  it('leaves out a record with a time no calendar holds instead of failing the file', () => {
    const ics = weekIcs([a(1795330200), a(1e308)], 'Europe/Amsterdam', 'Rooster', 'example.org');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('writes a name with line breaks on one line', () => {
    const ics = weekIcs([], 'Europe/Amsterdam', 'x\r\nBEGIN:VEVENT\r\nSUMMARY:injected', 'example.org');
    expect(ics).not.toMatch(/^BEGIN:VEVENT/m);
    expect(ics).not.toMatch(/^SUMMARY:injected/m);
  });

  it('escapes the calendar name as RFC 5545 TEXT: backslash, semicolon and comma', () => {
    const ics = weekIcs([], 'Europe/Amsterdam', 'Rooster 2026-W47 4h;1,a\\b', 'example.org');
    expect(ics).toContain('NAME:Rooster 2026-W47 4h\\;1\\,a\\\\b');
    expect(ics).toContain('X-WR-CALNAME:Rooster 2026-W47 4h\\;1\\,a\\\\b');
  });
});

describe('a partner name for the cookie', () => {
  it('is bounded and has no control characters', () => {
    expect(boundedName('x'.repeat(100_000))).toHaveLength(200);
    expect(boundedName('Partner\r\nSet-Cookie: a=b')).toBe('Partner Set-Cookie: a=b');
    expect(boundedName('  ')).toBe('Unnamed partner');
  });
});
