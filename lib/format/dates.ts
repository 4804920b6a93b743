import { DateTime } from 'luxon';

// The one set of date, time and number formats the app shows (Luxon in the school's zone).
// Pages never call toFormat themselves, so a change of wording or locale happens here.

const LOCALE = 'en-GB';

const at = (unixSeconds: number, zone: string) => DateTime.fromSeconds(unixSeconds, { zone }).setLocale(LOCALE);

/** "16 Nov" for an ISO date. */
export const dayMonth = (isoDate: string) => DateTime.fromISO(isoDate).setLocale(LOCALE).toFormat('d LLL');

/** "16 Nov – 22 Nov 2026" for a window whose end is exclusive. */
export const weekRange = (start: number, endExclusive: number, zone: string) =>
  `${at(start, zone).toFormat('d LLL')} – ${at(endExclusive - 1, zone).toFormat('d LLL yyyy')}`;

/** "10:30" */
export const clockTime = (unixSeconds: number, zone: string) => at(unixSeconds, zone).toFormat('HH:mm');

/** "Mon 16 Nov 2026 10:30" */
export const dateTime = (unixSeconds: number, zone: string) => at(unixSeconds, zone).toFormat('ccc d LLL yyyy HH:mm');

/** "16-11-2026 10:30", the form Dutch spreadsheets read as a date and time. */
export const sheetDateTime = (unixSeconds: number, zone: string) => at(unixSeconds, zone).toFormat('dd-MM-yyyy HH:mm');

/** "16-11-2026" for an ISO date; what cannot be read stays as it is. */
export const sheetDate = (isoDate: string) => {
  const d = DateTime.fromISO(isoDate);
  return d.isValid ? d.toFormat('dd-MM-yyyy') : isoDate;
};

/** "2026-11-16T10:30", the value of an `<input type="datetime-local">`. */
export const inputDateTime = (unixSeconds: number, zone: string) =>
  DateTime.fromSeconds(unixSeconds, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

/** "1,234" */
export const count = (n: number) => n.toLocaleString(LOCALE);
