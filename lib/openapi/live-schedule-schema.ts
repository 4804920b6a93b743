// `/liveschedule` as the wire shows it (wire-facts and ../shared/captures): the spec says "payload
// shape: not shown", so this is what public clients and captures of the real service agree on. It
// answers with its own field set whatever `fields` asks for. Every object stays open to fields not
// listed, and every value may be null or missing: a choice slot has `id: null`, an empty text is
// often `""`.

type Schema = Record<string, unknown>;

const nullable = (type: string, extra: Schema = {}): Schema => ({ type: [type, 'null'], ...extra });
const texts: Schema = nullable('array', { items: { type: 'string' } });

/** `{ code: 2002, nl: "Inschrijving in orde.", en: "Enrollment OK." }`: one message about a slot or a week. */
export const LIVE_STATUS: Schema = {
  type: 'object',
  description:
    'A message about a slot or the week. Codes seen: 2002 enrolment OK, 4006 lesson full, 4007 lesson cancelled, 4009 decided by someone else, 4010 schedule conflict, 4012 no enrolment round open.',
  properties: {
    code: nullable('integer'),
    nl: nullable('string'),
    en: nullable('string'),
  },
};

const STATUSES: Schema = nullable('array', { items: { $ref: '#/components/schemas/LiveStatus' } });

/** The fields a slot and an alternative share. */
const SLOT_FIELDS: Record<string, Schema> = {
  id: nullable('integer', { format: 'int64', description: 'null on a choice slot not yet chosen' }),
  appointmentInstance: nullable('integer', { format: 'int64', description: 'null on a choice slot not yet chosen' }),
  start: nullable('integer', { format: 'int64', description: 'Unix seconds' }),
  end: nullable('integer', { format: 'int64', description: 'Unix seconds' }),
  cancelled: nullable('boolean'),
  appointmentType: nullable('string', {
    description:
      'Seen: lesson, activity, exam, choice (an open choice slot), interlude (a free period), conflict; the vendor’s apps also know unknown, other, talk.',
  }),
  online: nullable('boolean'),
  optional: nullable('boolean'),
  startTimeSlotName: nullable('string', { description: 'u1, a bare number such as "3", or "" off the period grid' }),
  endTimeSlotName: nullable('string'),
  subjects: texts,
  groups: texts,
  locations: texts,
  teachers: texts,
  onlineTeachers: texts,
  onlineLocationUrl: nullable('string'),
  capacity: nullable('integer'),
  expectedStudentCount: nullable('integer'),
  expectedStudentCountOnline: nullable('integer'),
  changeDescription: nullable('string'),
  schedulerRemark: nullable('string'),
  content: nullable('string'),
};

/** An alternative a student could enrol in; partners are read-only, so `post` is shown, never sent. */
export const LIVE_ACTION: Schema = {
  type: 'object',
  properties: {
    appointment: {
      type: ['object', 'null'],
      properties: {
        ...SLOT_FIELDS,
        availableSpace: nullable('integer'),
        studentEnrolled: nullable('boolean'),
        plannedAttendance: nullable('boolean'),
        attendanceOverruled: nullable('boolean'),
        allowedActions: nullable('string', { description: 'a word such as "none"' }),
        creator: nullable('string'),
      },
    },
    status: STATUSES,
    allowed: nullable('boolean'),
    post: nullable('string', {
      description: 'the path that would enrol, e.g. /api/v3/liveschedule/enrollment?enroll=…',
    }),
  },
};

/** One slot of the week: an appointment, or an open choice slot with its options in `actions`. */
export const LIVE_SLOT: Schema = {
  type: 'object',
  properties: {
    ...SLOT_FIELDS,
    status: STATUSES,
    actions: nullable('array', { items: { $ref: '#/components/schemas/LiveAction' } }),
  },
};

/** One week of one student's schedule: the items of `/liveschedule`'s `data`. */
export const LIVE_WEEK: Schema = {
  type: 'object',
  description:
    'One week of one student’s schedule (the specification does not show the payload; this is the shape the wire shows).',
  properties: {
    week: nullable('string', { description: 'YYYYWW', examples: ['202647'] }),
    user: nullable('string', { description: 'the student’s code' }),
    appointments: nullable('array', { items: { $ref: '#/components/schemas/LiveSlot' } }),
    status: STATUSES,
    replacements: nullable('array', { description: 'usually empty; its items are not shown' }),
  },
};

export const LIVE_SCHEMAS = {
  LiveStatus: LIVE_STATUS,
  LiveAction: LIVE_ACTION,
  LiveSlot: LIVE_SLOT,
  LiveWeek: LIVE_WEEK,
} as const;
