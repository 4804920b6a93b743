import { DateTime } from 'luxon';
import { formatWireWeek, parseWeek, weekWindow } from '../../lib/partner-api/values';
import { periods, SCHOOL_ZONE } from '../school/calendar';
import type { SandboxData } from '../school/index';
import type { Row } from '../school/types';
import { PortalError } from './envelope';
import type { Partner } from './partners';

// `/liveschedule` in the shape of the real service's captured answers (../shared/captures/): a
// student's week `{week, user, appointments, status, replacements}`, each slot with its own field
// set, its status messages and, where the student could (have) enrol(led), the options as
// `actions`. On top of the student's own appointments the week holds:
// - choice slots: a period with optional lessons (keuzewerktijd) in which the student is enrolled in
//   none of the options: `appointmentType: "choice"`, no id, the options in `actions`. Who has not
//   chosen yet is part of the data (school/weeks.ts `notYetChosen`: from the week of the data's
//   snapshot on, 2026-W47 in the default school, every student with optional lessons leaves at least
//   one open; students the template left out of the options have open slots every week), so
//   /appointments agrees. Whether the enrolment round is open is a matter of the clock: a week that
//   starts after `now` is open (options can be allowed, or full, or in conflict); in a week that has
//   started the options say 4012 "no enrolment round", as in the capture of a real week with eight
//   choice slots. With the tests' clock (2026-11-18) and the data's snapshot (2026-11-20 17:00),
//   2026-W47 has closed choice slots and 2026-W48 on open ones.
// - interludes: free periods between the student's first and last period of a day (tussenuren).
// Slot names: `""` off the period grid; bare numbers ("3") at Locatie Noord, whose timetable uses
// numbered periods, `u3` elsewhere. Texts: `changeDescription` and `schedulerRemark` are `""` when
// empty and `content` is null when unset, as in the captures; all three are null on choice slots and
// interludes, which have no appointment behind them.

type Status = { code: number; nl: string; en: string };

/** Status messages with the real service's wording (4010 is not in the captures: made up in their style). */
export const STATUS = {
  ok: { code: 2002, nl: 'Inschrijving in orde.', en: 'Enrollment OK.' },
  full: { code: 4006, nl: 'De les/afspraak is vol.', en: 'The lesson/appointment is full.' },
  cancelled: { code: 4007, nl: 'De les/afspraak is uitgevallen.', en: 'The lesson/appointment has been cancelled.' },
  decided: { code: 4009, nl: 'Dit is door iemand anders bepaald.', en: 'This has been decided by someone else.' },
  conflict: {
    code: 4010,
    nl: 'De les/afspraak overlapt met een andere afspraak.',
    en: 'The lesson/appointment overlaps with another appointment.',
  },
  closed: { code: 4012, nl: 'Geen open inschrijfronde.', en: 'No enrollment procedure active.' },
} as const satisfies Record<string, Status>;

/** Branches whose period names are bare numbers ("3") on /liveschedule. */
export const NUMBERED_SLOT_BRANCHES: ReadonlySet<string> = new Set(['nrd']);

export const enrollmentPost = (enroll: number, unenroll: number | null = null) =>
  `/api/v3/liveschedule/enrollment?enroll=${enroll}&unenroll=${unenroll ?? ''}`;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const overlaps = (a: Row, start: number, end: number) => (a.start as number) < end && (a.end as number) > start;

export function liveSchedule(data: SandboxData, partner: Partner, params: URLSearchParams, now: number) {
  if (!partner.endpoints.liveschedule)
    throw new PortalError(
      403,
      'No rights for endpoint liveschedule',
      `Partner "${partner.name}" may not use /liveschedule.`,
    );
  for (const required of ['student', 'week', 'schoolInSchoolYear']) {
    if (!params.get(required))
      throw new PortalError(
        400,
        `Missing required parameter: ${required}`,
        '/liveschedule needs student, week (YYYYWW) and schoolInSchoolYear.',
      );
  }
  const student = params.get('student')!;
  const week = parseWeek(params.get('week'));
  if (!week) throw new PortalError(400, 'Invalid value for week', 'Give the week as YYYYWW, e.g. 202647.');
  const project = Number(params.get('schoolInSchoolYear'));
  if (!partner.schoolInSchoolYears.includes(project))
    throw new PortalError(403, `No rights for schoolInSchoolYear ${params.get('schoolInSchoolYear')}`);
  const person = data.school.students.get(student);
  if (!person || person.projectId !== project)
    throw new PortalError(404, `Unknown student ${student} in schoolInSchoolYear ${project}`);

  const { start, end } = weekWindow(week, SCHOOL_ZONE);
  const open = start > now; // the enrolment round is open for weeks that have not started
  const branch = data.school.projects.find((p) => p.id === project)?.branchCode ?? '';
  const numbered = NUMBERED_SLOT_BRANCHES.has(branch);
  const slotName = (name: unknown) =>
    typeof name === 'string' && name ? (numbered ? name.replace(/^u(?=\d)/, '') : name) : '';
  const department = data.school.groups.get(person.mainGroup)?.departmentOfBranch;

  // The project's own school year only (the portal keeps earlier years' lessons beside this one's).
  const asked = data.school.projects.find((p) => p.id === project)?.schoolYear;
  const yearOf = new Map(data.school.projects.map((p) => [p.branchOfSchool, p.schoolYear]));
  const weekRows = [...data.appointments.inWindow(start, end)].filter(
    (r) => r.valid && !r.hidden && yearOf.get(r.branchOfSchool as number) === asked,
  );
  const mine = weekRows.filter((r) => (r.students as string[]).includes(student));
  // The options open to this student, by start; a period with one option left (moved) is no choice.
  const optionsAt = new Map<number, Row[]>();
  for (const r of weekRows)
    if (r.optional && department !== undefined && (r.departmentsOfBranches as number[]).includes(department))
      optionsAt.set(r.start as number, [...(optionsAt.get(r.start as number) ?? []), r]);
  for (const [t, options] of optionsAt) if (options.length < 2) optionsAt.delete(t);

  const fields = (r: Row) => ({
    start: r.start as number,
    end: r.end as number,
    cancelled: r.cancelled as boolean,
    appointmentType: r.type as string,
    online: false,
    optional: r.optional as boolean,
    appointmentInstance: r.appointmentInstance as number | null,
    startTimeSlotName: slotName(r.startTimeSlotName),
    endTimeSlotName: slotName(r.endTimeSlotName),
    subjects: r.subjects as string[],
    groups: r.groups as string[],
    locations: r.locations as string[],
    teachers: r.teachers as string[],
    onlineTeachers: [] as string[],
    onlineLocationUrl: null,
    capacity: r.capacity as number | null,
    expectedStudentCount: r.expectedStudentCount as number | null,
    expectedStudentCountOnline: null,
    changeDescription: text(r.changeDescription) as string | null,
    schedulerRemark: text(r.schedulerRemark) as string | null,
    content: (r.content as string | null) ?? null,
    creator: (r.creator as string | null) ?? null,
    id: r.id as number | null,
  });

  /** An option as an action: `decided` when the school placed the student elsewhere. */
  const action = (a: Row, opts: { decided?: boolean; overruled?: boolean; replaces?: Row } = {}) => {
    const capacity = a.capacity as number | null;
    const space = capacity === null ? null : capacity - (a.students as string[]).length;
    const full = space !== null && space <= 0;
    const conflict = mine.some(
      (m) =>
        m !== a &&
        m !== opts.replaces &&
        !m.cancelled &&
        m.start !== a.start &&
        overlaps(m, a.start as number, a.end as number),
    );
    const status: Status[] = a.cancelled
      ? [STATUS.cancelled, STATUS.decided]
      : opts.decided
        ? [STATUS.decided]
        : [...(full ? [STATUS.full] : open ? [] : [STATUS.closed]), ...(conflict ? [STATUS.conflict] : [])];
    const allowed = status.length === 0;
    const {
      id,
      start: from,
      end: to,
      cancelled,
      optional,
      appointmentType,
      online,
      onlineLocationUrl,
      ...rest
    } = fields(a);
    return {
      // In the capture's key order.
      appointment: {
        start: from,
        end: to,
        cancelled,
        plannedAttendance: false,
        studentEnrolled: false,
        allowedActions: allowed ? 'enroll' : 'none',
        optional,
        attendanceOverruled: opts.overruled ?? false,
        appointmentType,
        online,
        onlineLocationUrl,
        ...rest,
        availableSpace: space,
        id,
      },
      status,
      allowed,
      post: enrollmentPost(a.id as number, allowed && opts.replaces ? (opts.replaces.id as number) : null),
    };
  };

  type Slot = ReturnType<typeof fields> & { status: Status[]; actions: ReturnType<typeof action>[] };
  const slots: Slot[] = [];
  const emptySlot = (type: string, from: number, to: number, name: string) => ({
    start: from,
    end: to,
    cancelled: false,
    appointmentType: type,
    online: false,
    optional: false,
    appointmentInstance: null,
    startTimeSlotName: name,
    endTimeSlotName: name,
    subjects: [],
    groups: [],
    locations: [],
    teachers: [],
    onlineTeachers: [],
    onlineLocationUrl: null,
    capacity: null,
    expectedStudentCount: null,
    expectedStudentCountOnline: null,
    changeDescription: null,
    schedulerRemark: null,
    content: null,
    creator: null,
    id: null,
  });

  // A cancelled lesson under an activity of the student (an excursion day) is that activity's
  // action, with 4007 + 4009 and attendance overruled, as in the capture; not a slot of its own.
  const activities = mine.filter((r) => r.type === 'activity' && !r.cancelled);
  const underActivity = new Map<Row, Row[]>();
  for (const r of mine) {
    if (!r.cancelled || r.type !== 'lesson') continue;
    const host = activities.find((a) => overlaps(a, r.start as number, r.end as number));
    if (host) underActivity.set(host, [...(underActivity.get(host) ?? []), r]);
  }
  const hidden = new Set([...underActivity.values()].flat());

  for (const r of mine) {
    if (hidden.has(r)) continue;
    const status: Status[] = r.cancelled
      ? [STATUS.cancelled, STATUS.decided]
      : text(r.changeDescription)
        ? [STATUS.ok, STATUS.decided]
        : [STATUS.ok];
    const options = optionsAt.get(r.start as number) ?? [];
    const actions = r.optional
      ? options.filter((a) => a.id !== r.id).map((a) => action(a, { replaces: r }))
      : r.type === 'lesson'
        ? options.map((a) => action(a, { decided: true }))
        : (underActivity.get(r) ?? []).map((a) => action(a, { overruled: true }));
    slots.push({ status, actions, ...fields(r) });
  }

  // Choice slots: an optional period in which the student has none of the options and no
  // appointment of their own covering it.
  for (const [t, options] of optionsAt) {
    const periodEnd = Math.min(...options.map((o) => o.end as number));
    const taken = mine.some(
      (m) => (m.start === t || ((m.start as number) <= t && (m.end as number) >= periodEnd)) && !hidden.has(m),
    );
    if (taken || options.every((o) => o.cancelled)) continue;
    const name = slotName(options[0]!.startTimeSlotName);
    slots.push({
      status: [],
      actions: options.map((a) => action(a)),
      ...emptySlot('choice', t, periodEnd, name),
      endTimeSlotName: slotName(options[0]!.endTimeSlotName),
    });
  }

  // Interludes: free periods between the first and the last occupied period of a day.
  const local = (t: number) => DateTime.fromSeconds(t, { zone: SCHOOL_ZONE });
  const byDay = new Map<string, Slot[]>();
  for (const s of slots) {
    const day = local(s.start).toISODate()!;
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  for (const busy of byDay.values()) {
    const midnight = local(busy[0]!.start).startOf('day');
    const at = (time: string) => {
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      return midnight.set({ hour, minute }).toUnixInteger();
    };
    const grid = periods.map((p) => ({ name: p.name, from: at(p.start), to: at(p.end) }));
    const occupied = grid.map((g) => busy.some((b) => b.start < g.to && b.end > g.from));
    const last = occupied.lastIndexOf(true);
    for (let i = occupied.indexOf(true) + 1; i < last; i++) {
      if (occupied[i]) continue;
      const g = grid[i]!;
      slots.push({ status: [], actions: [], ...emptySlot('interlude', g.from, g.to, slotName(g.name)) });
    }
  }

  slots.sort((a, b) => a.start - b.start || a.end - b.end || (a.id ?? 0) - (b.id ?? 0));
  return [
    {
      week: formatWireWeek(week),
      user: student,
      appointments: slots,
      status: open ? [STATUS.ok] : [STATUS.ok, STATUS.closed],
      replacements: [],
    },
  ];
}
