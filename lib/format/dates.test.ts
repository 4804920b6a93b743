import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatsFor, sheetDateTime } from './dates';

// The spreadsheet's date and time is reckoned from the zone's offset once per hour instead of a
// luxon DateTime per cell: it must write what luxon writes, to the byte, in any zone and across
// every DST switch.

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
