import { formatWireWeek, parseWeek, weekWindow } from '../../lib/partner-api/values';
import { SCHOOL_ZONE } from '../school/calendar';
import type { SandboxData } from '../school/index';
import type { Row } from '../school/types';
import { PortalError } from './envelope';
import type { Partner } from './partners';

// `/liveschedule` in the shape wire-facts.md describes: a student's week, each appointment with
// its status messages and, for optional slots, the alternatives the student could enrol in.

const STATUS = {
  enrolled: { code: 2002, nl: 'Inschrijving is gelukt', en: 'Enrolment successful' },
  full: { code: 4006, nl: 'Deze les is vol', en: 'This lesson is full' },
  decided: { code: 4009, nl: 'Hierover beslist iemand anders', en: 'Someone else decides this' },
  closed: { code: 4012, nl: 'Er is geen inschrijfronde open', en: 'No enrolment round is open' },
} as const;

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
  const week_rows = [...data.appointments.inWindow(start, end)].filter((r) => r.valid && !r.hidden);
  const mine = week_rows.filter((r) => (r.students as string[]).includes(student));
  const optionalAt = new Map<number, Row[]>();
  for (const r of week_rows)
    if (r.optional) optionalAt.set(r.start as number, [...(optionalAt.get(r.start as number) ?? []), r]);
  const open = start > now; // enrolment is open for weeks that have not started

  const shape = (r: Row, enrolled: boolean) => ({
    id: r.id,
    appointmentInstance: r.appointmentInstance,
    start: r.start,
    end: r.end,
    cancelled: r.cancelled,
    appointmentType: r.type,
    online: false,
    optional: r.optional,
    startTimeSlotName: r.startTimeSlotName,
    endTimeSlotName: r.endTimeSlotName,
    subjects: r.subjects,
    groups: r.groups,
    locations: r.locations,
    teachers: r.teachers,
    onlineTeachers: [],
    capacity: r.capacity,
    expectedStudentCount: r.expectedStudentCount,
    changeDescription: r.changeDescription,
    schedulerRemark: r.schedulerRemark,
    content: r.content,
    status: r.optional ? [enrolled ? STATUS.enrolled : STATUS.closed] : [STATUS.decided],
  });

  const appointments = mine.map((r) => {
    const alternatives = r.optional ? (optionalAt.get(r.start as number) ?? []).filter((a) => a.id !== r.id) : [];
    return {
      ...shape(r, true),
      actions: alternatives.map((a) => {
        const space = Math.max(0, ((a.capacity as number | null) ?? 0) - (a.students as string[]).length);
        const status = !open ? STATUS.closed : space === 0 ? STATUS.full : null;
        return {
          appointment: {
            ...shape(a, false),
            availableSpace: space,
            studentEnrolled: false,
            plannedAttendance: false,
            allowedActions: status ? 'none' : 'enroll',
          },
          status: status ? [status] : [],
          allowed: status === null,
          post: `/api/liveschedule/enrollments?student=${student}&appointment=${a.id as number}&replace=${r.id as number}`,
        };
      }),
    };
  });
  return [{ week: formatWireWeek(week), user: student, appointments, status: [], replacements: [] }];
}
