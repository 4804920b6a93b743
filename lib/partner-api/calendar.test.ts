import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  dayEnd,
  dayStart,
  daysBetween,
  daysOfIsoDate,
  isoDateAt,
  isoDateOfDays,
  isoWeekOfDays,
  localAt,
  mondayOfIsoWeek,
  plusDays,
  readLocalDateTime,
  weekdayOf,
  isWeekend,
  weeksInIsoYear,
} from './calendar';
import { addWeeks, readTimestamp, weekOf, weekWindow } from './values';

// The calendar replaced luxon in every module the browser loads: it must answer what luxon
// answered, to the second, in any zone and across every DST switch (luxon stays as the oracle).

const ZONES = [
  'Europe/Amsterdam',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
  // Zones whose clocks skip midnight itself at a switch.
  'America/Santiago',
  'America/Asuncion',
  'Asia/Beirut',
];

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

describe('days and ISO weeks', () => {
  it('numbers days from 1890 to 2110 as luxon does, with their weekday and ISO week', () => {
    const first = daysOfIsoDate('1890-01-01')!;
    // Every day from 1995 to 2035, and days at random from the rest.
    const days = [
      ...Array.from({ length: 14_700 }, (_, i) => daysOfIsoDate('1995-01-01')! + i),
      ...Array.from({ length: 3000 }, () => first + Math.floor(random() * 80_000)),
    ];
    for (const day of days) {
      const t = DateTime.fromSeconds(day * 86_400, { zone: 'utc' });
      const iso = isoDateOfDays(day);
      expect(iso).toBe(t.toISODate());
      expect(daysOfIsoDate(iso)).toBe(day);
      expect(weekdayOf(iso)).toBe(t.weekday);
      expect(isoWeekOfDays(day), iso).toEqual({ year: t.weekYear, week: t.weekNumber });
    }
  }, 60_000);

  it('finds each week’s Monday and each year’s weeks as luxon does', () => {
    for (let year = 1900; year <= 2100; year++) {
      const weeks = DateTime.fromObject({ weekYear: year, weekNumber: 1 }).weeksInWeekYear;
      expect(weeksInIsoYear(year), String(year)).toBe(weeks);
      for (const week of [1, 2, 26, 52, weeks]) {
        const monday = DateTime.fromObject({ weekYear: year, weekNumber: week, weekday: 1 }, { zone: 'utc' });
        expect(isoDateOfDays(mondayOfIsoWeek({ year, week })), `${year}-W${week}`).toBe(monday.toISODate());
      }
    }
    // 2020 and 2026 are long years, 2027 is not.
    expect([2020, 2026, 2027].map(weeksInIsoYear)).toEqual([53, 53, 52]);
  });

  it('steps and measures days', () => {
    expect(plusDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(plusDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2026-02-30', '2027-01-01')).toBeNaN();
    expect(weekdayOf('2026-11-16')).toBe(1);
    expect(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', 'zaterdag'].map(isWeekend)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(() => plusDays('2026-13-01', 1)).toThrow(RangeError);
  });
});

describe('instants in a zone', () => {
  it('reads an instant’s day and time as luxon does', () => {
    for (const zone of ZONES)
      for (let i = 0; i < 3000; i++) {
        const t = Math.floor(-2_140_000_000 + random() * 6_220_000_000);
        const luxon = DateTime.fromSeconds(t, { zone });
        const local = localAt(t, zone)!;
        expect(isoDateOfDays(local.days), `${zone} ${t}`).toBe(luxon.toISODate());
        expect(local.seconds, `${zone} ${t}`).toBe(luxon.hour * 3600 + luxon.minute * 60 + luxon.second);
        expect(weekOf(t, zone)).toEqual({ year: luxon.weekYear, week: luxon.weekNumber });
      }
  }, 60_000);

  it('starts and ends every day where luxon does, midnights the clock skips included', () => {
    for (const zone of ZONES)
      for (let day = DateTime.utc(2024, 1, 1); day.year < 2028; day = day.plus({ days: 1 })) {
        const iso = day.toISODate()!;
        const luxon = DateTime.fromISO(iso, { zone });
        expect(dayStart(iso, zone), `${zone} ${iso}`).toBe(luxon.startOf('day').toUnixInteger());
        expect(dayEnd(iso, zone), `${zone} ${iso}`).toBe(luxon.plus({ days: 1 }).startOf('day').toUnixInteger());
        expect(isoDateAt(dayStart(iso, zone), zone)).toBe(iso);
      }
  }, 60_000);

  it('gives every week the window luxon gave it', () => {
    for (const zone of ZONES)
      for (let year = 2000; year <= 2040; year++)
        for (let week = 1; week <= weeksInIsoYear(year); week++) {
          const start = DateTime.fromObject({ weekYear: year, weekNumber: week, weekday: 1 }, { zone }).startOf('day');
          expect(weekWindow({ year, week }, zone), `${zone} ${year}-W${week}`).toEqual({
            start: start.toUnixInteger(),
            end: start.plus({ weeks: 1 }).toUnixInteger(),
          });
          const next = start.plus({ weeks: 1 });
          expect(addWeeks({ year, week }, 1)).toEqual({ year: next.weekYear, week: next.weekNumber });
        }
  }, 60_000);

  it('reads a wall-clock time in the zone as luxon does, a skipped one after the switch', () => {
    for (const zone of ZONES)
      for (let i = 0; i < 2000; i++) {
        const t = Math.floor(946_684_800 + random() * 1_000_000_000);
        const text = DateTime.fromSeconds(t, { zone: 'utc' }).toFormat("yyyy-MM-dd'T'HH:mm");
        const luxon = DateTime.fromISO(text, { zone });
        // A time shown twice (fall back) luxon placed by today's offset; the calendar takes the first.
        const shownTwice = luxon.minus({ hours: 1 }).toFormat('HH:mm') === luxon.toFormat('HH:mm');
        if (!shownTwice) expect(readLocalDateTime(text, zone), `${zone} ${text}`).toBe(luxon.toUnixInteger());
      }
    // 02:30 on 29 March 2026 does not exist in Amsterdam: it is read as 03:30 summer time.
    expect(readLocalDateTime('2026-03-29T02:30', 'Europe/Amsterdam')).toBe(Date.UTC(2026, 2, 29, 1, 30) / 1000);
    // 02:30 on 25 October 2026 is shown twice: the first, still summer time.
    expect(readLocalDateTime('2026-10-25T02:30', 'Europe/Amsterdam')).toBe(Date.UTC(2026, 9, 25, 0, 30) / 1000);
    // Havana's clock shows 00:00–01:00 twice on 1 November 2026: the day starts at the first.
    expect(dayStart('2026-11-01', 'America/Havana')).toBe(Date.UTC(2026, 10, 1, 4) / 1000);
    expect(readLocalDateTime('2026-11-16T10:30:15', 'UTC')).toBe(Date.UTC(2026, 10, 16, 10, 30, 15) / 1000);
    for (const bad of ['', '2026-11-16', '2026-02-30T10:00', '2026-11-16T24:00', '2026-11-16 10:00'])
      expect(readLocalDateTime(bad, 'UTC'), bad).toBeUndefined();
  }, 60_000);

  it('knows nothing of a zone Intl does not know', () => {
    expect(localAt(0, 'Mars/Olympus')).toBeNull();
    expect(dayStart('2026-11-16', 'Mars/Olympus')).toBeNaN();
    expect(dayStart('2026-11-31', 'UTC')).toBeNaN();
    expect(isoDateAt(0, 'Mars/Olympus')).toBe('');
  });
});

describe('readTimestamp', () => {
  it('reads the ISO forms luxon read, to the same second', () => {
    for (const text of [
      '2026-11-16T08:30:00Z',
      '2026-11-16T08:30:00.123Z',
      '2026-11-16T09:30:00+01:00',
      '2026-11-16T09:30:00+0100',
      '2026-11-16T09:30+01',
      '2026-11-16T03:00:00-05:30',
      '20261116T083000Z',
      '2026-11-16',
      '2026-11-16T08:30',
      '2026-11-16T08:30:59.999',
      '2026-W47-1',
      '2026-320',
    ]) {
      const luxon = DateTime.fromISO(text, { setZone: true });
      expect(luxon.isValid, text).toBe(true);
      expect(readTimestamp(text), text).toBe(Math.floor(luxon.toSeconds()));
    }
    for (const text of [
      'yesterday',
      '2026-13-01',
      '2026-02-30',
      '16-11-2026 08:30',
      '2026-11-16T25:00',
      '2026-11-16 08:30',
    ])
      expect(readTimestamp(text), text).toBeUndefined();
  });
});
