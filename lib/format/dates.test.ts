import { DateTime, Info } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  formatsFor,
  inputDateTime,
  longWeekday,
  plainClockTime,
  parseDayInput,
  sheetDate,
  sheetDateTime,
  shortWeekday,
  UNREADABLE_TIME,
} from './dates';

// Intl writes the app's dates; luxon, which wrote them before, is the independent reference here: the
// strings people know stay what they were. The spreadsheet's date and time is reckoned from the
// zone's offset once per hour instead of an Intl call per cell: it must write what luxon writes, to
// the byte, in any zone and across every DST switch.

const byLuxon = (t: number, zone: string) => DateTime.fromSeconds(t, { zone }).toFormat('dd-MM-yyyy HH:mm');

describe('sheetDateTime', () => {
  it('writes what luxon writes, around DST switches and odd offsets', () => {
    const zones = [
      'Europe/Amsterdam',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'UTC',
    ];
    let seed = 3;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const zone of zones) {
      // Every 7 minutes through the 2026 switches' weeks, and random instants from 1901 to 2099.
      for (const switchDay of ['2026-03-27', '2026-04-03', '2026-09-25', '2026-10-23', '2026-11-01', '2026-03-07']) {
        const from = DateTime.fromISO(switchDay, { zone: 'utc' }).toUnixInteger();
        for (let t = from; t < from + 5 * 86_400; t += 7 * 60)
          expect(sheetDateTime(t, zone), `${zone} ${t}`).toBe(byLuxon(t, zone));
      }
      for (let i = 0; i < 3000; i++) {
        const t = Math.floor(-2_140_000_000 + random() * 6_220_000_000);
        expect(sheetDateTime(t, zone), `${zone} ${t}`).toBe(byLuxon(t, zone));
      }
    }
  });

  it('writes what luxon writes for odd inputs: fractions of a second, far years', () => {
    for (const t of [1_794_817_800.5, -0.5, 0, 253_402_300_800, -62_135_596_800, 1e11 - 1])
      expect(sheetDateTime(t, 'Europe/Amsterdam'), String(t)).toBe(byLuxon(t, 'Europe/Amsterdam'));
  });
});

describe('formatsFor', () => {
  it('says a day with its year in the interface’s language', () => {
    expect(formatsFor('nl').date('2029-11-26')).toBe('26 nov 2029');
    expect(formatsFor('en').date('2029-11-26')).toBe('26 Nov 2029');
  });
});

describe('formatsFor writes what luxon wrote', () => {
  const ZONES = ['Europe/Amsterdam', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];
  let seed = 11;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

  it.each(['nl', 'en'] as const)(
    'in %s, for days and instants of every month and weekday',
    (locale) => {
      const f = formatsFor(locale);
      const day = (iso: string) => DateTime.fromISO(iso).setLocale(locale);
      for (let d = DateTime.utc(2025, 12, 20); d.year < 2028; d = d.plus({ days: 1 })) {
        const iso = d.toISODate()!;
        expect(f.dayMonth(iso)).toBe(day(iso).toFormat('d LLL'));
        expect(f.weekdayDayMonth(iso)).toBe(day(iso).toFormat('ccc d LLL'));
        expect(f.weekdayDay(iso)).toBe(day(iso).toFormat('ccc d'));
        expect(f.date(iso)).toBe(day(iso).toFormat('d LLL yyyy'));
        expect(f.longDate(iso)).toBe(day(iso).toFormat('cccc d LLLL'));
        expect(sheetDate(iso)).toBe(day(iso).toFormat('dd-MM-yyyy'));
      }
      for (const zone of ZONES)
        for (let i = 0; i < 1500; i++) {
          const t = Math.floor(1_500_000_000 + random() * 500_000_000);
          const at = (s: number) => DateTime.fromSeconds(s, { zone }).setLocale(locale);
          expect(f.clockTime(t, zone)).toBe(at(t).toFormat('HH:mm'));
          expect(f.clockTimeSeconds(t, zone)).toBe(at(t).toFormat('HH:mm:ss'));
          expect(f.dateTime(t, zone)).toBe(at(t).toFormat('ccc d LLL yyyy HH:mm'));
          expect(f.weekRange(t, t + 7 * 86_400, zone)).toBe(
            `${at(t).toFormat('d LLL')} – ${at(t + 7 * 86_400 - 1).toFormat('d LLL yyyy')}`,
          );
          expect(inputDateTime(t, zone)).toBe(at(t).toFormat("yyyy-MM-dd'T'HH:mm"));
          expect(plainClockTime(t, zone)).toBe(at(t).toFormat('HH:mm'));
        }
      for (let weekday = 1; weekday <= 7; weekday++) {
        expect(longWeekday(weekday, locale)).toBe(Info.weekdays('long', { locale })[weekday - 1]);
        expect(shortWeekday(weekday, locale)).toBe(Info.weekdays('short', { locale })[weekday - 1]);
      }
    },
    60_000,
  );

  it('keeps the strings people know', () => {
    const nl = formatsFor('nl');
    const en = formatsFor('en');
    expect(nl.dayMonth('2026-11-16')).toBe('16 nov');
    expect(nl.weekdayDayMonth('2026-11-16')).toBe('ma 16 nov');
    expect(nl.longDate('2026-03-02')).toBe('maandag 2 maart');
    expect(nl.dayMonth('2026-03-02')).toBe('2 mrt');
    expect(en.weekdayDayMonth('2026-11-16')).toBe('Mon 16 Nov');
    expect(en.longDate('2026-09-02')).toBe('Wednesday 2 September');
    expect(en.dateTime(1_794_817_800, 'Europe/Amsterdam')).toBe('Mon 16 Nov 2026 09:30');
    expect(nl.weekRange(1_794_783_600, 1_795_388_400, 'Europe/Amsterdam')).toBe('16 nov – 22 nov 2026');
    expect(sheetDate('not a date')).toBe('not a date');
  });

  it('says plainly what it cannot write: a date as it came, an instant as a dash', () => {
    const nl = formatsFor('nl');
    expect(nl.dayMonth('2026-02-30')).toBe('2026-02-30');
    expect(nl.longDate('')).toBe('');
    expect(nl.clockTime(Number.NaN, 'Europe/Amsterdam')).toBe(UNREADABLE_TIME);
    expect(nl.dateTime(1_794_817_800, 'Mars/Olympus_Mons')).toBe(UNREADABLE_TIME);
    expect(plainClockTime(Number.POSITIVE_INFINITY, 'UTC')).toBe(UNREADABLE_TIME);
    expect(inputDateTime(Number.NaN, 'UTC')).toBe('');
  });
});

describe('parseDayInput', () => {
  it('reads a day as a person types it, day first or ISO, and nothing that is not a real day', () => {
    expect(parseDayInput('18-11-2026')).toBe('2026-11-18');
    expect(parseDayInput(' 1/2/2027 ')).toBe('2027-02-01');
    expect(parseDayInput('1.2.2027')).toBe('2027-02-01');
    expect(parseDayInput('2026-11-18')).toBe('2026-11-18');
    for (const bad of ['', '18-11-26', '31-11-2026', '29-02-2027', '2026-13-01', '18-11-2026x', '11/18/2026'])
      expect(parseDayInput(bad), bad).toBeNull();
    expect(parseDayInput('29-02-2028')).toBe('2028-02-29');
    // What the field shows is read back as the same day.
    for (const iso of ['2026-01-05', '2027-12-31']) expect(parseDayInput(sheetDate(iso))).toBe(iso);
  });
});
