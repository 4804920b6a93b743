import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  addWeeks,
  formatIsoWeek,
  formatWireWeek,
  parseWeek,
  projectsDuring,
  readDate,
  readTimestamp,
  weekOf,
  weekWindow,
  weeksInYear,
} from './values';

describe('readTimestamp', () => {
  it.each([
    ['Unix seconds', 1_790_000_000, 1_790_000_000],
    ['milliseconds', 1_790_000_000_123, 1_790_000_000],
    ['numeric string', '1790000000', 1_790_000_000],
    ['ISO with Z', '2026-11-16T08:30:00Z', 1_794_817_800],
    ['ISO with offset', '2026-11-16T09:30:00+01:00', 1_794_817_800],
    ['zero', 0, 0],
    ['null', null, null],
    ['undefined', undefined, null],
    ['empty string', '', null],
  ])('reads %s', (_label, input, expected) => {
    expect(readTimestamp(input)).toBe(expected);
  });

  it.each([
    ['garbage', 'yesterday'],
    ['object', { t: 1 }],
    ['NaN', Number.NaN],
    ['boolean', true],
  ])('refuses %s', (_label, input) => {
    expect(readTimestamp(input)).toBeUndefined();
  });
});

describe('readDate', () => {
  it.each([
    ['ISO', '2026-08-24', '2026-08-24'],
    ['day-month-year', '24-08-2026', '2026-08-24'],
    ['day-month-year unpadded', '1-2-2027', '2027-02-01'],
    ['ISO with time', '2026-08-24T00:00:00Z', '2026-08-24'],
    ['null', null, null],
    ['empty', '', null],
  ])('reads %s', (_label, input, expected) => {
    expect(readDate(input)).toBe(expected);
  });

  it.each([
    ['impossible day', '2026-02-30'],
    ['month 13', '01-13-2026'],
    ['words', 'tomorrow'],
    ['number', 20260824],
  ])('refuses %s', (_label, input) => {
    expect(readDate(input)).toBeUndefined();
  });

  it('takes and refuses the same days as the calendar (luxon), leap years included', () => {
    for (const y of [1900, 1999, 2000, 2024, 2026, 2100])
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const date = DateTime.fromObject({ year: y, month: m, day: d }, { zone: 'utc' });
          const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          expect(readDate(text), text).toBe(date.isValid ? date.toISODate() : undefined);
          expect(readDate(`${d}-${m}-${y}`), text).toBe(date.isValid ? date.toISODate() : undefined);
        }
  });
});

describe('ISO weeks', () => {
  it.each([
    ['202604', { year: 2026, week: 4 }],
    ['2026-W47', { year: 2026, week: 47 }],
    ['2026W01', { year: 2026, week: 1 }],
    ['202653', { year: 2026, week: 53 }],
  ])('parses %s', (input, expected) => {
    expect(parseWeek(input)).toEqual(expected);
  });

  it.each(['202700x', '2027-W53', '202600', '2026-W54', '', '26-W04'])('refuses %s', (input) => {
    expect(parseWeek(input)).toBeUndefined();
  });

  it('formats both forms', () => {
    expect(formatWireWeek({ year: 2026, week: 4 })).toBe('202604');
    expect(formatIsoWeek({ year: 2026, week: 4 })).toBe('2026-W04');
  });

  it('knows long years', () => {
    expect(weeksInYear(2026)).toBe(53);
    expect(weeksInYear(2027)).toBe(52);
  });

  it('crosses years', () => {
    expect(addWeeks({ year: 2026, week: 53 }, 1)).toEqual({ year: 2027, week: 1 });
    expect(addWeeks({ year: 2027, week: 1 }, -1)).toEqual({ year: 2026, week: 53 });
    // 1 January 2027 is a Friday: it belongs to week 53 of 2026.
    expect(weekOf(Date.UTC(2027, 0, 1, 12) / 1000)).toEqual({ year: 2026, week: 53 });
  });
});

describe('week windows in Europe/Amsterdam', () => {
  const hours = (w: { start: number; end: number }) => (w.end - w.start) / 3600;

  it.each([
    // [week, Monday 00:00 local in UTC, length in hours]
    ['an ordinary winter week', { year: 2026, week: 4 }, '2026-01-18T23:00:00.000Z', 168],
    ['the spring-forward week (29 March 2026)', { year: 2026, week: 13 }, '2026-03-22T23:00:00.000Z', 167],
    ['the first summer-time week', { year: 2026, week: 14 }, '2026-03-29T22:00:00.000Z', 168],
    ['the fall-back week (25 October 2026)', { year: 2026, week: 43 }, '2026-10-18T22:00:00.000Z', 169],
    ['the first winter-time week', { year: 2026, week: 44 }, '2026-10-25T23:00:00.000Z', 168],
  ])('%s', (_label, week, mondayUtc, length) => {
    const window = weekWindow(week);
    expect(new Date(window.start * 1000).toISOString()).toBe(mondayUtc);
    expect(hours(window)).toBe(length);
    // The week's own instants map back to it, at both edges.
    expect(weekOf(window.start)).toEqual(week);
    expect(weekOf(window.end - 1)).toEqual(week);
    expect(weekOf(window.end)).toEqual(addWeeks(week, 1));
  });

  it('uses the zone it is given', () => {
    const utc = weekWindow({ year: 2026, week: 13 }, 'UTC');
    expect(new Date(utc.start * 1000).toISOString()).toBe('2026-03-23T00:00:00.000Z');
    expect(hours(utc)).toBe(168);
  });
});

describe('the projects of a date asked about (issue 47)', () => {
  // Two branches in two school years, as the sandbox's portal grants them.
  const projects = [
    { id: 1251, schoolYear: 2025 },
    { id: 1252, schoolYear: 2025 },
    { id: 1261, schoolYear: 2026 },
    { id: 1262, schoolYear: 2026 },
  ];

  it('takes the school year of the date, whatever year the clock is in', () => {
    expect(projectsDuring(projects, '2026-11-18', '2026-11-18')).toEqual([1261, 1262]);
    expect(projectsDuring(projects, '2026-07-31', '2026-07-31')).toEqual([1251, 1252]);
  });

  it('joins the school years a period spans, across 1 August', () => {
    expect(projectsDuring(projects, '2026-06-01', '2026-09-30').sort()).toEqual([1251, 1252, 1261, 1262]);
  });

  it('falls back to every project where none carries that school year', () => {
    expect(projectsDuring(projects, '2027-10-06', '2027-10-06')).toEqual([1251, 1252, 1261, 1262]);
  });
});
