import 'server-only';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Appointment } from '@/lib/timetable/appointment';
import type { TimetableT } from '@/lib/timetable/words';

// RFC 5545 with a VTIMEZONE for the school's zone (ical-generator + ical-timezones). UIDs come
// from the appointment instance, so a re-export updates events in a calendar instead of doubling them.

/** Text for a property value: control characters (line breaks above all) become spaces. */
const plain = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

/**
 * The calendar's name as RFC 5545 TEXT: ical-generator escapes the events' texts but writes NAME
 * and X-WR-CALNAME as given, so `\`, `;` and `,` are escaped here (a code such as `4h;1` stays one value).
 */
export const calendarNameText = (text: string) => plain(text).replace(/[\\;,]/g, (c) => `\\${c}`);

/**
 * `t` (messages `timetable`) words what Rooster adds ("Teachers: abc"); without it the codes stand
 * alone. Summaries are the portal's own values (subjects, content, the type code) as sent.
 */
export function weekIcs(
  appointments: readonly Appointment[],
  zone: string,
  name: string,
  host: string,
  t?: TimetableT,
): string {
  const teachersLine = (teachers: string) => (t ? t('ics.teachers', { teachers }) : teachers);
  const calendar = ical({
    name: calendarNameText(name),
    prodId: { company: 'Rooster', product: 'timetable', language: 'EN' },
    timezone: { name: zone, generator: getVtimezoneComponent },
  });
  for (const a of appointments) {
    const start = DateTime.fromSeconds(a.start, { zone });
    const end = DateTime.fromSeconds(a.end, { zone });
    // A record with a time no calendar can hold (`start: 1e308`) is left out, not the whole file.
    if (!start.isValid || !end.isValid) continue;
    calendar.createEvent({
      id: `appointment-${a.instance ?? `v${a.id}`}@${host}`,
      start,
      end,
      timezone: zone,
      summary: [a.subjects.join(', ') || a.content || a.type, a.groups.join(', ')].filter(Boolean).join(' · '),
      location: a.locations.join(', ') || undefined,
      description:
        [a.teachers.length ? teachersLine(a.teachers.join(', ')) : '', a.changeDescription, a.schedulerRemark]
          .filter(Boolean)
          .join('\n') || undefined,
      status: a.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: a.lastModified ?? 0,
    });
  }
  return calendar.toString();
}
