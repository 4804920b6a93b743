import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, resourceNames } from '@/lib/partner-api/catalog';
import { partnerSchema, recordSchemas } from '@/lib/partner-api/schemas';
import { weekWindow } from '@/lib/partner-api/values';
import { PortalClient } from '@/tests/support/portal';
import { startSandbox, type RunningSandbox } from './http/app';
import { localInstant } from './school/calendar';
import { generateSchool } from './school/index';

// Contract tests over HTTP against a running sandbox: what the spec and wire-facts promise.

const NOW = localInstant('2026-11-18T12:00'); // Wednesday of week 47
const WEEK_47 = weekWindow({ year: 2026, week: 47 });
let running: RunningSandbox;
let demo: PortalClient;
let projects: number[];
const data = generateSchool();

// 2026-11-17 as it was before the cover days (issue 31) were added, taken before any test changes
// the shared school: the cover days must leave that day byte for byte alone.
const DAY_17_SHA256 = '2edc0b1a33274fa8ba8584455c9ae32ed7ad25390bbeec731fcab5ec4fe91398';
const day17 = (() => {
  const rows = [...data.appointments.inWindow(localInstant('2026-11-17T00:00'), localInstant('2026-11-18T00:00'))];
  rows.sort((a, b) => (a.id as number) - (b.id as number));
  return { count: rows.length, sha256: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
})();

beforeAll(async () => {
  running = await startSandbox({ data, now: () => NOW, log: () => {} });
  demo = await new PortalClient(running.origin).connect('demo');
  projects = data.school.projects.map((p) => p.id);
});
afterAll(() => running.close());

const currentProjects = () => data.school.currentProjects.map((p) => p.id).join(',');
const week = (extra: Record<string, string | number | boolean> = {}) => ({
  schoolInSchoolYear: currentProjects(),
  fields:
    'id,appointmentInstance,start,end,type,teachers,students,groups,cancelled,valid,hidden,lastModified,teacherChanged,changeDescription',
  start: WEEK_47.start,
  end: WEEK_47.end,
  ...extra,
});

describe('authentication', () => {
  it('exchanges a one-time code once, with spaces ignored', async () => {
    const client = new PortalClient(running.origin);
    const code = await client.newCode('demo');
    expect(code).toMatch(/^\d{12}$/);
    const spaced = `${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`;
    const first = await client.exchange(spaced);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      access_token: expect.stringMatching(/^[a-z0-9]{26}$/),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    const again = await client.exchange(code);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { response: { message: string } }).response.message).toMatch(/already used/);
  });

  it('reads the code from a form body too, and ignores dashes in it', async () => {
    const client = new PortalClient(running.origin);
    const post = (body: string, query = '') =>
      fetch(`${running.origin}/api/oauth/token${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const dashed = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
    const code = await client.newCode('demo');
    const res = await post(new URLSearchParams({ grant_type: 'authorization_code', code: dashed(code) }).toString());
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    expect((await new PortalClient(running.origin, access_token).get('/partners/~me')).status).toBe(200);
    expect((await post(`grant_type=authorization_code&code=${code}`)).status).toBe(400); // used once
    // Both forms at once, as public clients send them; dashes in the query as well.
    const both = await client.newCode('demo');
    const bothRes = await post(`grant_type=authorization_code&code=${both}`, `?code=${dashed(both)}`);
    expect(bothRes.status).toBe(200);
    const other = await client.newCode('demo');
    const wrongGrant = await post(`grant_type=password&code=${other}`);
    expect(wrongGrant.status).toBe(400);
    expect(((await wrongGrant.json()) as { response: { message: string } }).response.message).toMatch(/grant_type/);
    expect((await post('grant_type=authorization_code')).status).toBe(400);
  });

  it('refuses an unknown code with an error envelope', async () => {
    const res = await new PortalClient(running.origin).exchange('000000000000');
    const body = (await res.json()) as { response: { status: number; message: string; eventId: number } };
    expect(res.status).toBe(400);
    expect(body.response).toMatchObject({
      status: 400,
      message: expect.stringMatching(/unknown/i),
      eventId: expect.any(Number),
    });
  });

  it('answers 401 without a token, with an unknown one, and after revocation', async () => {
    expect((await new PortalClient(running.origin).get('/partners/~me')).status).toBe(401);
    expect((await new PortalClient(running.origin, 'nosuchtoken').get('/appointments', week())).status).toBe(401);
    const { id } = await demo.admin<{ id: string }>('POST', '/partners', {
      name: 'Short-lived',
      endpoints: { branches: { readFields: ['code'], filterFields: ['fields', 'schoolInSchoolYear'] } },
      schoolInSchoolYears: [projects[0]],
    });
    const partner = await new PortalClient(running.origin).connect(id);
    expect((await partner.get('/partners/~me')).status).toBe(200);
    await demo.admin('POST', `/partners/${id}/revoke`);
    const after = await partner.get('/partners/~me');
    expect(after.status).toBe(401);
    expect(after.body.response.message).toMatch(/revoked/i);
  });

  it('describes the partner at /partners/~me as the spec shows it', async () => {
    const { status, body } = await demo.get('/partners/~me');
    expect(status).toBe(200);
    const me = partnerSchema.parse(body);
    const raw = body.response.data[0] as { token: { token: string; expirationDate: string; creationDate: string } };
    expect(raw.token.token).toBe(demo.token!.slice(0, 4) + '*'.repeat(demo.token!.length - 4));
    expect(raw.token.expirationDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(raw.token.creationDate).toBe('18-11-2026');
    expect(me.endpoints.map((e) => e.endpoint).sort()).toEqual([...resourceNames, 'liveschedule'].sort());
    for (const e of me.endpoints) expect(e.writeFields).toEqual([]);
    expect(me.schoolInSchoolYears.map((p) => p.id).sort()).toEqual([...projects].sort());
    expect(me.schoolInSchoolYears[0]?.school?.name).toBe('Rooster Sandbox College');
  });
});

describe('every list endpoint', () => {
  it.each(resourceNames)('%s answers every granted field, parsed by the catalogue schema', async (resource) => {
    const me = partnerSchema.parse((await demo.get('/partners/~me')).body);
    const rights = me.endpoints.find((e) => e.endpoint === resource)!;
    const { status, body } = await demo.get(`/${resource}`, {
      schoolInSchoolYear: projects.join(','),
      fields: rights.readFields.join(','),
      ...(resource === 'appointments' ? { start: WEEK_47.start, end: WEEK_47.end } : {}),
    });
    expect(status).toBe(200);
    const { response } = body;
    expect(response).toMatchObject({
      status: 200,
      startRow: 0,
      endRow: response.data.length,
      totalRows: response.data.length,
    });
    expect(response.data.length).toBeGreaterThan(0);
    for (const record of response.data) {
      expect(Object.keys(record)).toEqual(rights.readFields);
      expect(recordSchemas[resource].safeParse(record).success).toBe(true);
    }
  });

  it('answers 404 for an unknown endpoint and points /api/v3 at the new path', async () => {
    expect((await demo.get('/rooms', { schoolInSchoolYear: projects[0]!, fields: 'id' })).status).toBe(404);
    const v3 = await demo.get('/v3/appointments', week());
    expect(v3.status).toBe(403);
    expect(v3.body.response.details).toContain('/api/appointments');
  });
});

describe('request rules', () => {
  it.each(['schoolInSchoolYear', 'fields'])('a missing %s is a 400 naming it', async (name) => {
    const params = week();
    delete (params as Record<string, unknown>)[name];
    const { status, body } = await demo.get('/appointments', params);
    expect(status).toBe(400);
    expect(body.response.message).toContain(name);
  });

  it.each([
    ['start', 'yesterday'],
    ['cancelled', 'maybe'],
    ['schoolInSchoolYear', '12,abc'],
    ['id', '1.5'],
  ])('a malformed %s is a 400', async (name, value) => {
    const { status, body } = await demo.get('/appointments', week({ [name]: value }));
    expect(status).toBe(400);
    expect(body.response.message).toContain(name);
  });

  it('refuses unknown fields and parameters with 400, rights with 403, naming them', async () => {
    const unknownField = await demo.get('/appointments', week({ fields: 'id,Start' }));
    expect([unknownField.status, unknownField.body.response.message]).toEqual([
      400,
      'Unknown field(s) for appointments: Start',
    ]);
    const unknownParam = await demo.get('/appointments', week({ colour: 'red' }));
    expect(unknownParam.status).toBe(400);
    const limited = await new PortalClient(running.origin).connect('limited');
    const field = await limited.get('/appointments', {
      ...week(),
      schoolInSchoolYear: data.school.currentProjects[0]!.id,
      fields: 'id,teachers,students',
    });
    expect([field.status, field.body.response.message]).toEqual([
      403,
      'No rights to read field(s): teachers, students',
    ]);
    const project = await limited.get('/appointments', { ...week(), fields: 'id' });
    expect([project.status, project.body.response.message]).toEqual([
      403,
      `No rights for schoolInSchoolYear ${data.school.currentProjects[1]!.id}`,
    ]);
    const endpoint = await limited.get('/contracts', {
      schoolInSchoolYear: data.school.currentProjects[0]!.id,
      fields: 'id',
    });
    expect([endpoint.status, endpoint.body.response.message]).toEqual([403, 'No rights for endpoint contracts']);
    const filter = await limited.get('/appointments', {
      schoolInSchoolYear: data.school.currentProjects[0]!.id,
      fields: 'id',
      teachers: 'abc',
    });
    expect([filter.status, filter.body.response.message]).toEqual([403, 'No rights to filter on: teachers']);
  });

  it('gives every error a unique eventId', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 5; i++)
      ids.add((await demo.get('/appointments', week({ cancelled: 'x' }))).body.response.eventId);
    expect(ids.size).toBe(5);
  });
});

describe('filters', () => {
  type Appt = {
    id: number;
    start: number;
    type: string;
    teachers: string[];
    students: string[];
    cancelled: boolean;
    hidden: boolean;
    lastModified: number;
    teacherChanged: boolean;
    changeDescription: string;
  };
  const read = async (extra: Record<string, string | number | boolean> = {}) => {
    const { status, body } = await demo.get<Appt>('/appointments', week(extra));
    expect(status, JSON.stringify(body.response.message)).toBe(200);
    return body.response.data;
  };

  it('selects by start within [start, end) in Unix seconds', async () => {
    const rows = await read();
    expect(rows.length).toBeGreaterThan(1500);
    for (const r of rows) expect(r.start >= WEEK_47.start && r.start < WEEK_47.end).toBe(true);
    const monday = await read({ end: WEEK_47.start + 86_400 });
    expect(monday.length).toBeGreaterThan(0);
    expect(monday.length).toBe(rows.filter((r) => r.start < WEEK_47.start + 86_400).length);
  });

  it('filters scalars by equality, comma-separated meaning any of', async () => {
    const rows = await read({ type: 'meeting,talk' });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['meeting', 'talk']));
    const all = await read();
    expect(rows.length).toBe(all.filter((r) => r.type === 'meeting' || r.type === 'talk').length);
  });

  it('filters array fields by membership and booleans by value', async () => {
    const all = await read();
    const teacher = all.find((r) => r.teachers.length === 1)!.teachers[0]!;
    const mine = await read({ teachers: teacher });
    expect(mine.map((r) => r.id).sort()).toEqual(
      all
        .filter((r) => r.teachers.includes(teacher))
        .map((r) => r.id)
        .sort(),
    );
    const cancelled = await read({ cancelled: true });
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((r) => r.cancelled)).toBe(true);
  });

  it('hides deleted versions unless includeHidden=true', async () => {
    const visible = await read();
    const withHidden = await read({ includeHidden: true });
    expect(visible.some((r) => r.hidden)).toBe(false);
    expect(withHidden.filter((r) => r.hidden).length).toBeGreaterThan(0);
    expect(withHidden.length - visible.length).toBe(withHidden.filter((r) => r.hidden).length);
  });

  it('reads changed, modifiedSince (inclusive), user and possibleStudents', async () => {
    const all = await read({ includeHidden: true });
    const changed = await read({ changed: true, includeHidden: true });
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((r) => r.teacherChanged || r.changeDescription)).toBe(true);
    const pivot = [...all.map((r) => r.lastModified)].sort((a, b) => a - b)[Math.floor(all.length * 0.9)]!;
    const since = await read({ modifiedSince: pivot, includeHidden: true });
    expect(since.map((r) => r.id).sort()).toEqual(
      all
        .filter((r) => r.lastModified >= pivot)
        .map((r) => r.id)
        .sort(),
    );
    const student = all.find((r) => r.students.length > 5)!.students[0]!;
    const possible = await read({ possibleStudents: student });
    expect(possible.length).toBeGreaterThan(10);
    expect(possible.every((r) => r.students.includes(student))).toBe(true);
    const teacher = all[0]!.teachers[0]!;
    const user = await read({ user: `${teacher},${student}` });
    expect(user.every((r) => r.teachers.includes(teacher) || r.students.includes(student))).toBe(true);
  });

  it('reads absences by date range and courses by student and teacher', async () => {
    const sisy = projects.join(',');
    const { body: all } = await demo.get<{ id: number; start: number; end: number }>('/employeeabsences', {
      schoolInSchoolYear: sisy,
      fields: 'id,start,end',
    });
    expect(all.response.data.length).toBeGreaterThan(250);
    const from = localInstant('2026-11-16T00:00');
    const to = localInstant('2026-11-21T00:00');
    const { body: range } = await demo.get<{ id: number }>('/employeeabsences', {
      schoolInSchoolYear: sisy,
      fields: 'id',
      startDate: '2026-11-16',
      endDate: '2026-11-20',
    });
    const expected = all.response.data.filter((a) => a.end >= from && a.start < to).map((a) => a.id);
    expect(range.response.data.map((a) => a.id).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);

    const student = data.school.students.values().next().value!.code;
    const { body: courses } = await demo.get<{ groupName: string; students: { code: string }[] }>('/courses', {
      schoolInSchoolYear: sisy,
      fields: 'groupName,students',
      student,
    });
    expect(courses.response.data.length).toBeGreaterThan(5);
    expect(courses.response.data.every((c) => c.students.some((s) => s.code === student))).toBe(true);
  });

  it('says which granted filters it does not simulate', async () => {
    const { id } = await demo.admin<{ id: string }>('POST', '/partners', {
      name: 'Curious',
      endpoints: {
        appointments: {
          readFields: ['id'],
          filterFields: ['fields', 'schoolInSchoolYear', 'containsTeachersFromTeacherTeam'],
        },
      },
      schoolInSchoolYears: [projects[0]],
    });
    const curious = await new PortalClient(running.origin).connect(id);
    const res = await curious.get('/appointments', {
      schoolInSchoolYear: projects[0]!,
      fields: 'id',
      containsTeachersFromTeacherTeam: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.response.message).toContain('does not simulate');
  });
});

describe('liveschedule', () => {
  it('shows a student week with enrolment alternatives and status messages', async () => {
    const kwt = [...data.appointments.inWindow(WEEK_47.start, WEEK_47.end)].find(
      (r) => r.optional && r.valid && (r.students as string[]).length > 0,
    )!;
    const student = (kwt.students as string[])[0]!;
    const project = data.school.students.get(student)!.projectId;
    const { status, body } = await demo.get<{
      week: string;
      user: string;
      appointments: {
        id: number;
        appointmentType: string;
        status: { code: number; nl: string; en: string }[];
        actions: { allowed: boolean; post: string; status: unknown[]; appointment: { availableSpace: number } }[];
      }[];
    }>('/liveschedule', { student, week: '202647', schoolInSchoolYear: project, fields: 'id,start,end' });
    expect(status).toBe(200);
    const [schedule] = body.response.data;
    expect(schedule).toMatchObject({ week: '202647', user: student });
    expect(schedule!.appointments.length).toBeGreaterThan(20);
    const optional = schedule!.appointments.find((a) => a.id === kwt.id)!;
    expect(optional.actions.length).toBeGreaterThan(3);
    expect(optional.actions[0]).toMatchObject({
      allowed: expect.any(Boolean),
      post: expect.stringMatching(/^\/api\/v3\/liveschedule\/enrollment\?enroll=\d+&unenroll=\d*$/),
    });
    expect(optional.status[0]).toMatchObject({
      code: 2002,
      nl: expect.any(String),
      en: expect.any(String),
    });
    expect(schedule!.appointments.every((a) => a.appointmentType)).toBe(true);
  });

  it("shows a week of the earlier school year none of this year's project's lessons (nor last year's)", async () => {
    const kwt = [...data.appointments.inWindow(WEEK_47.start, WEEK_47.end)].find(
      (r) => r.valid && (r.students as string[]).length > 0 && (r.groups as string[]).some((g) => g.startsWith('2')),
    )!;
    const student = (kwt.students as string[])[0]!;
    const project = data.school.students.get(student)!.projectId;
    // The same student had lessons in week 2025-47 (in last year's projects): this year's project shows none.
    const before = localInstant('2025-11-17T00:00');
    const lastYear = [...data.appointments.inWindow(before, before + 7 * 86_400)].filter((r) =>
      (r.students as string[]).includes(student),
    );
    expect(lastYear.length).toBeGreaterThan(10);
    const { status, body } = await demo.get<{ appointments: unknown[] }>('/liveschedule', {
      student,
      week: '202547',
      schoolInSchoolYear: project,
      fields: 'id,start,end',
    });
    expect(status).toBe(200);
    expect(body.response.data[0]!.appointments).toEqual([]);
  });

  it('needs student, week and project', async () => {
    const res = await demo.get('/liveschedule', { week: '202647', schoolInSchoolYear: projects[0]! });
    expect([res.status, res.body.response.message]).toEqual([400, 'Missing required parameter: student']);
  });

  // The real service's answers (../shared/captures/), read like the spec: the wording of statuses.
  const capturesDir = resolve(process.env.ROOSTER_CAPTURES ?? resolve(__dirname, '../../shared/captures'));
  const capture = (name: string) => JSON.parse(readFileSync(resolve(capturesDir, name), 'utf8')) as unknown;
  const realWeek = (capture('liveschedule-student-week.json') as { response: { data: { status: StatusMessage[] }[] } })
    .response.data[0]!;
  /** code → the real wording, from every status list in the three captures. */
  const realWording = new Map<number, StatusMessage>();
  const collect = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.code === 'number' && typeof o.nl === 'string')
        realWording.set(o.code, o as unknown as StatusMessage);
      Object.values(o).forEach(collect);
    }
  };
  for (const name of [
    'liveschedule-student-week.json',
    'liveschedule-appointments-lessons-and-exams.json',
    'liveschedule-appointment-numbered-slots.json',
  ])
    collect(capture(name));

  type StatusMessage = { code: number; nl: string; en: string };
  type LiveAppointment = {
    id: number | null;
    appointmentInstance: number | null;
    appointmentType: string;
    start: number;
    end: number;
    cancelled: boolean;
    optional: boolean;
    startTimeSlotName: string;
    endTimeSlotName: string;
    subjects: string[];
    teachers: string[];
    locations: string[];
    groups: string[];
    changeDescription: string | null;
    schedulerRemark: string | null;
    content: string | null;
  };
  type LiveSlot = LiveAppointment & {
    status: StatusMessage[];
    actions: {
      appointment: LiveAppointment & {
        availableSpace: number | null;
        studentEnrolled: boolean;
        plannedAttendance: boolean;
        allowedActions: string;
        attendanceOverruled: boolean;
        expectedStudentCountOnline: null;
        onlineLocationUrl: null;
        creator: string | null;
      };
      status: StatusMessage[];
      allowed: boolean;
      post: string;
    }[];
  };
  type LiveWeek = { week: string; user: string; appointments: LiveSlot[]; status: StatusMessage[]; replacements: [] };
  const live = async (student: string, wireWeek: string): Promise<LiveWeek> => {
    const project = data.school.students.get(student)!.projectId;
    const { status, body } = await demo.get<LiveWeek>('/liveschedule', {
      student,
      week: wireWeek,
      schoolInSchoolYear: project,
    });
    expect(status, JSON.stringify(body.response.message)).toBe(200);
    return body.response.data[0]!;
  };
  const statusesOf = (w: LiveWeek) => [
    ...w.status,
    ...w.appointments.flatMap((a) => [...a.status, ...a.actions.flatMap((x) => x.status)]),
  ];
  const rowsOf = (wk: number) => {
    const { start, end } = weekWindow({ year: 2026, week: wk });
    return [...data.appointments.inWindow(start, end)].filter((r) => r.valid && !r.hidden);
  };
  /** Students with optional lessons (keuzewerktijd) in the timetable template. */
  const choosers = () => [...new Set(data.template.filter((l) => l.optional).flatMap((l) => l.students))];
  const POST = /^\/api\/v3\/liveschedule\/enrollment\?enroll=(\d+)&unenroll=(\d*)$/;

  it('shows open choice slots without an id, the options in actions, from 2026-W47 on', async () => {
    const students = choosers().filter((_, i) => i % 15 === 0);
    expect(students.length).toBeGreaterThan(10);
    for (const student of students) {
      for (const wk of ['202647', '202648']) {
        const choices = (await live(student, wk)).appointments.filter((a) => a.appointmentType === 'choice');
        expect(choices.length, `${student} ${wk}`).toBeGreaterThan(0);
      }
    }
    const student = students[0]!;
    const [w47, w48] = [await live(student, '202647'), await live(student, '202648')];
    // Week 48 has not started (the clock is in week 47): the round is open, the options allowed.
    const open = w48.appointments.find((a) => a.appointmentType === 'choice')!;
    expect(open).toMatchObject({
      id: null,
      appointmentInstance: null,
      subjects: [],
      teachers: [],
      locations: [],
      groups: [],
      status: [],
      cancelled: false,
      startTimeSlotName: expect.stringMatching(/^u\d$/),
      changeDescription: null,
      content: null,
    });
    expect(open.actions.length).toBeGreaterThan(1);
    for (const action of open.actions) {
      expect(action.appointment).toMatchObject({
        start: open.start,
        end: open.end,
        optional: true,
        appointmentType: 'lesson',
        startTimeSlotName: open.startTimeSlotName,
        availableSpace: expect.any(Number),
        studentEnrolled: false,
        plannedAttendance: false,
        attendanceOverruled: false,
        expectedStudentCountOnline: null,
        onlineLocationUrl: null,
        creator: null,
        changeDescription: expect.any(String),
        schedulerRemark: expect.any(String),
      });
      expect(action.appointment.id).toEqual(expect.any(Number));
      expect(action.post).toBe(`/api/v3/liveschedule/enrollment?enroll=${action.appointment.id}&unenroll=`);
      expect(typeof action.appointment.allowedActions).toBe('string');
      expect(action.allowed).toBe(action.status.length === 0);
      expect(action.appointment.allowedActions).toBe(action.allowed ? 'enroll' : 'none');
    }
    expect(open.actions.some((a) => a.allowed)).toBe(true);
    // Week 47 has started: the slot is still open, its options say "no enrolment round" in the real words.
    const closed = w47.appointments.find((a) => a.appointmentType === 'choice')!;
    expect(closed.id).toBeNull();
    for (const action of closed.actions) {
      expect(action.allowed).toBe(false);
      expect(action.appointment.allowedActions).toBe('none');
      expect(action.status.map((s) => s.code)).toEqual(
        expect.arrayContaining([
          action.appointment.cancelled ? 4007 : action.appointment.availableSpace! <= 0 ? 4006 : 4012,
        ]),
      );
    }
    expect(closed.actions.flatMap((a) => a.status)).toContainEqual(realWording.get(4012));
  });

  it('uses the real service’s wording for every status, and 4007 + 4009 on a cancelled lesson offered', async () => {
    expect([...realWording.keys()].sort()).toEqual([2002, 4006, 4007, 4009, 4012]);
    // An excursion day: the student's cancelled lessons are the activity's actions.
    const excursion = rowsOf(47).find((r) => r.type === 'activity')!;
    const student = (excursion.students as string[])[0]!;
    const week = await live(student, '202647');
    const activity = week.appointments.find((a) => a.id === excursion.id)!;
    expect(activity.actions.length).toBeGreaterThan(0);
    for (const action of activity.actions) {
      expect(action.appointment).toMatchObject({ cancelled: true, attendanceOverruled: true, allowedActions: 'none' });
      expect(action.status).toEqual([realWording.get(4007), realWording.get(4009)]);
      expect(week.appointments.some((a) => a.id === action.appointment.id)).toBe(false);
    }
    // A student the template left out of the options: choice slots in a settled week, some options full.
    const enrolled = new Set(choosers());
    const eligible = new Set(data.template.find((l) => l.optional)!.departmentIds);
    const leftOut = [...data.school.students.values()].find(
      (s) => !enrolled.has(s.code) && eligible.has(data.school.groups.get(s.mainGroup)!.departmentOfBranch),
    )!;
    const settled = await live(leftOut.code, '202646');
    expect(settled.appointments.filter((a) => a.appointmentType === 'choice').length).toBeGreaterThan(0);
    const weeks = [week, settled, await live(choosers()[0]!, '202647'), await live(choosers()[0]!, '202648')];
    const seen = weeks.flatMap(statusesOf);
    for (const code of [2002, 4006, 4007, 4009, 4012]) expect(seen.map((s) => s.code)).toContain(code);
    for (const s of seen) {
      if (realWording.has(s.code)) expect(s).toEqual(realWording.get(s.code));
      else expect(s).toMatchObject({ code: 4010, nl: expect.stringMatching(/\.$/), en: expect.stringMatching(/\.$/) });
    }
  });

  it('shows free periods between lessons as interludes', async () => {
    const student = choosers()[0]!;
    const week = await live(student, '202647');
    const interludes = week.appointments.filter((a) => a.appointmentType === 'interlude');
    expect(interludes.length).toBeGreaterThan(0);
    for (const gap of interludes) {
      expect(gap).toMatchObject({ id: null, subjects: [], teachers: [], status: [], actions: [] });
      expect(gap.startTimeSlotName).toMatch(/^u\d$/);
      const others = week.appointments.filter((a) => a.appointmentType !== 'interlude');
      expect(others.some((a) => a.start < gap.end && a.end > gap.start)).toBe(false);
      const sameDay = others.filter((a) => Math.abs(a.start - gap.start) < 12 * 3600);
      expect(sameDay.some((a) => a.end <= gap.start)).toBe(true);
      expect(sameDay.some((a) => a.start >= gap.end)).toBe(true);
    }
  });

  it('names slots "" off the period grid and with bare numbers at Locatie Noord, /appointments unchanged', async () => {
    const talk = rowsOf(47).find((r) => r.type === 'talk')!;
    const talker = await live((talk.students as string[])[0]!, '202647');
    expect(talker.appointments.find((a) => a.id === talk.id)).toMatchObject({
      startTimeSlotName: '',
      endTimeSlotName: '',
    });
    const exam = rowsOf(45).find((r) => r.type === 'exam')!;
    const examinee = await live((exam.students as string[])[0]!, '202645');
    expect(examinee.appointments.find((a) => a.id === exam.id)).toMatchObject({ startTimeSlotName: '' });

    const noord = data.school.currentProjects.find((p) => p.branchCode === 'nrd')!;
    const student = [...data.school.students.values()].find((s) => s.projectId === noord.id)!;
    const week = await live(student.code, '202647');
    const onGrid = week.appointments.filter((a) => a.startTimeSlotName !== '');
    expect(onGrid.length).toBeGreaterThan(20);
    for (const a of onGrid) expect(a.startTimeSlotName).toMatch(/^\d$/);
    const hg = await live(choosers()[0]!, '202647');
    for (const a of hg.appointments.filter((x) => x.startTimeSlotName !== ''))
      expect(a.startTimeSlotName).toMatch(/^u\d$/);
    // /appointments keeps the u-names.
    const lesson = onGrid.find((a) => a.id !== null && a.appointmentType === 'lesson')!;
    const { body } = await demo.get<{ id: number; startTimeSlotName: string }>('/appointments', {
      schoolInSchoolYear: noord.id,
      fields: 'id,startTimeSlotName',
      id: lesson.id!,
    });
    expect(body.response.data).toEqual([{ id: lesson.id, startTimeSlotName: `u${lesson.startTimeSlotName}` }]);
  });

  it('carries a week-level status, real post links and "" for empty texts', async () => {
    const student = choosers()[0]!;
    const [w47, w48] = [await live(student, '202647'), await live(student, '202648')];
    expect(w48.status).toEqual(realWeek.status); // [2002 "Inschrijving in orde."], as in the capture
    expect(w47.status).toEqual([realWording.get(2002), realWording.get(4012)]); // the week has started
    expect(w47).toMatchObject({ week: '202647', user: student, replacements: [] });
    for (const w of [w47, w48]) {
      for (const a of w.appointments) {
        for (const x of a.actions) {
          const [, enroll, unenroll] = POST.exec(x.post) ?? [];
          expect(Number(enroll), x.post).toBe(x.appointment.id);
          if (unenroll) expect(x.allowed && a.optional && Number(unenroll) === a.id).toBe(true);
        }
        if (a.id === null) continue;
        expect(typeof a.changeDescription).toBe('string');
        expect(typeof a.schedulerRemark).toBe('string');
      }
    }
    // Switching from an enrolled option in an open week unenrols from it.
    let own: LiveSlot | undefined;
    for (const code of choosers().slice(0, 30)) {
      own = (await live(code, '202648')).appointments.find((a) => a.optional && a.actions.some((x) => x.allowed));
      if (own) break;
    }
    expect(own!.actions.find((x) => x.allowed)!.post).toBe(
      `/api/v3/liveschedule/enrollment?enroll=${own!.actions.find((x) => x.allowed)!.appointment.id}&unenroll=${own!.id}`,
    );
    // /appointments agrees: a student in a choice slot is in none of its options.
    const choice = w48.appointments.find((a) => a.appointmentType === 'choice')!;
    for (const x of choice.actions)
      expect(data.appointments.get(x.appointment.id!)!.students as string[]).not.toContain(student);
  });
});

describe('incremental reading with modifiedSince', () => {
  it('after simulated changes, the spec’s three rules yield exactly a fresh full read', async () => {
    const params = {
      schoolInSchoolYear: currentProjects(),
      fields: 'id,appointmentInstance,start,teachers,locations,cancelled,valid,hidden,lastModified',
      includeHidden: true,
      start: WEEK_47.start,
      end: weekWindow({ year: 2026, week: 50 }).end,
    };
    type Row = { id: number; lastModified: number };
    const first = (await demo.get<Row>('/appointments', params)).body.response.data;
    const merged = new Map(first.map((r) => [r.id, r]));
    let highest = Math.max(...first.map((r) => r.lastModified));
    for (let round = 0; round < 5; round++) {
      const { changed } = await demo.admin<{ changed: number[] }>('POST', '/simulate', { changes: 25 });
      expect(changed.length).toBeGreaterThan(0);
      const delta = (await demo.get<Row>('/appointments', { ...params, modifiedSince: highest })).body.response.data;
      for (const r of delta) merged.set(r.id, r);
      highest = Math.max(highest, ...delta.map((r) => r.lastModified));
    }
    const fresh = (await demo.get<Row>('/appointments', params)).body.response.data;
    const byId = (rows: Iterable<Row>) => [...rows].sort((a, b) => a.id - b.id);
    expect(byId(merged.values())).toEqual(byId(fresh));
  });
});

describe('injected faults', () => {
  it('answers a status with Retry-After, after letting requests pass, then clears', async () => {
    await demo.admin('PUT', '/faults', { path: '/api/branches', status: 503, retryAfter: 2, after: 1 });
    const query = { schoolInSchoolYear: projects[0]!, fields: 'code' };
    expect((await demo.get('/branches', query)).status).toBe(200);
    const hit = await demo.get('/branches', query);
    expect(hit.status).toBe(503);
    expect(hit.headers.get('retry-after')).toBe('2');
    expect(hit.body.response.eventId).toEqual(expect.any(Number));
    await demo.admin('DELETE', '/faults');
    expect((await demo.get('/branches', query)).status).toBe(200);
  });

  it('sends malformed JSON and adds latency when asked', async () => {
    await demo.admin('PUT', '/faults', { path: '/api/branches', malformed: true, times: 1 });
    const res = await fetch(`${running.baseUrl}/branches?schoolInSchoolYear=${projects[0]}&fields=code`, {
      headers: { authorization: `Bearer ${demo.token}` },
    });
    await expect(res.json()).rejects.toThrow();
    await demo.admin('PUT', '/faults', { path: '/api/users', latencyMs: 300 });
    const started = performance.now();
    expect((await demo.get('/users', { schoolInSchoolYear: projects[0]!, fields: 'code' })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await demo.admin('DELETE', '/faults');
  });
});

describe('the seeded school', () => {
  it('is the same for the same seed, byte for byte, and differs for another', () => {
    const again = generateSchool();
    const other = generateSchool({ seed: 7 });
    const weekJson = (d: typeof data) =>
      JSON.stringify(
        [...d.appointments.inWindow(WEEK_47.start, WEEK_47.end)]
          .filter((r) => (r.lastModified as number) <= d.school.snapshotAt)
          .slice(0, 3000),
      );
    expect(JSON.stringify(again.school.tables)).toBe(JSON.stringify(generateSchool().school.tables));
    expect(JSON.stringify(again.school.tables)).not.toBe(JSON.stringify(other.school.tables));
    expect(again.appointments.size).toBe(generateSchool().appointments.size);
    expect(weekJson(again)).toBe(weekJson(generateSchool()));
    // Four whole schools are generated here: seconds each on a busy machine.
  }, 120_000);

  it('has the size and texture of a real school', () => {
    const fresh = generateSchool();
    const rows = [...fresh.appointments.inWindow(WEEK_47.start, WEEK_47.end)];
    const share = (p: (r: Record<string, unknown>) => boolean) => rows.filter(p).length / rows.length;
    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.length).toBeLessThan(3000);
    expect(fresh.appointments.size).toBeGreaterThan(80_000);
    expect(share((r) => Boolean(r.cancelled))).toBeGreaterThan(0.02);
    expect(share((r) => Boolean(r.cancelled))).toBeLessThan(0.07);
    expect(share((r) => r.valid === false && !r.hidden)).toBeGreaterThan(0.03);
    expect(share((r) => Boolean(r.hidden))).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['lesson', 'activity', 'meeting', 'talk', 'interlude']));
    expect(rows.some((r) => r.startTimeSlotName === null)).toBe(true);
    // Several versions of one instance, exactly one of them valid.
    const versions = new Map<number, Record<string, unknown>[]>();
    for (const r of rows)
      versions.set(r.appointmentInstance as number, [...(versions.get(r.appointmentInstance as number) ?? []), r]);
    const multi = [...versions.values()].filter((v) => v.length > 1);
    expect(multi.length).toBeGreaterThan(50);
    for (const v of multi) expect(v.filter((r) => r.valid).length).toBe(1);
    expect(fresh.school.students.size).toBeGreaterThan(1000);
    expect(fresh.school.students.size).toBeLessThan(1400);
    expect(fresh.school.employees.size).toBeGreaterThan(80);
    // 300 drawn absences, then the cover days' (ids from 9000 on: three or four on each of four days).
    const absenceIds = fresh.school.tables.employeeabsences.map((a) => a.row.id as number);
    expect(absenceIds.filter((id) => id < 9000)).toHaveLength(300);
    expect(absenceIds.filter((id) => id >= 9000).length).toBeGreaterThanOrEqual(12);
    expect(absenceIds.filter((id) => id >= 9000).length).toBeLessThanOrEqual(16);
    const prefixed = [...fresh.school.employees.values(), ...fresh.school.students.values()].filter((p) => p.prefix);
    expect(prefixed.length).toBeGreaterThan(50);
    for (const p of prefixed) expect(p.lastName).not.toMatch(/^(van|de|der|den) /);
    // An exam week has exams; holiday weeks are empty.
    const exams = weekWindow({ year: 2026, week: 45 });
    expect([...fresh.appointments.inWindow(exams.start, exams.end)].some((r) => r.type === 'exam')).toBe(true);
    const autumn = weekWindow({ year: 2026, week: 43 });
    expect([...fresh.appointments.inWindow(autumn.start, autumn.end)]).toHaveLength(0);
    expect(catalog.appointments.fields.length).toBe(57);
  });
});

describe('cover days: absences that leave lessons open, covered and cancelled', () => {
  // Read from a school of its own: the shared one above is changed by the simulation tests.
  const school = generateSchool();
  type R = Record<string, unknown>;
  const COVER_DATES = ['2026-11-18', '2026-11-19', '2026-11-25', '2026-11-26'];
  const absenceRows = school.school.tables.employeeabsences.map((a) => a.row);
  const rowsOn = (date: string) => {
    const start = localInstant(`${date}T00:00`);
    return [...school.appointments.inWindow(start, start + 86_400)];
  };
  const live = (r: R) => r.valid === true && r.hidden !== true;
  const teachersOf = (r: R) => (r.teachers as string[] | undefined) ?? [];
  const overlap = (a: R, start: number, end: number) => (a.start as number) < end && start < (a.end as number);
  const absentAt = (code: string, start: number, end: number) =>
    absenceRows.some((a) => a.employee === code && overlap(a, start, end));
  const busyAt = (rows: R[], code: string, start: number, end: number) =>
    rows.some((r) => live(r) && r.cancelled !== true && overlap(r, start, end) && teachersOf(r).includes(code));

  /** The day's lessons of the given absent teachers by the version chain: open, covered or cancelled. */
  function states(date: string, absent: Set<string>) {
    const rows = rowsOn(date).filter((r) => r.type === 'lesson');
    const byInstance = new Map<number, R[]>();
    for (const r of rows)
      byInstance.set(r.appointmentInstance as number, [...(byInstance.get(r.appointmentInstance as number) ?? []), r]);
    const out = { open: [] as R[], covered: [] as R[], cancelled: [] as R[] };
    for (const versions of byInstance.values()) {
      const now = versions.find(live);
      if (!now) continue;
      const named = (r: R) =>
        teachersOf(r).some((t) => absent.has(t) && absentAt(t, r.start as number, r.end as number));
      if (now.cancelled === true) {
        if (versions.some(named)) out.cancelled.push(now);
      } else if (named(now)) out.open.push(now);
      else if (now.teacherChanged === true && versions.some((v) => v !== now && v.valid === false && named(v)))
        out.covered.push(now);
    }
    return out;
  }

  it('has three or four more teachers away on each cover day, their lessons open, covered and cancelled', () => {
    expect(school.cover.days.map((d) => d.date)).toEqual(COVER_DATES);
    for (const date of COVER_DATES) {
      const start = localInstant(`${date}T08:00`);
      const end = localInstant(`${date}T17:00`);
      const added = absenceRows.filter((a) => (a.id as number) >= 9000 && overlap(a, start, end));
      expect(added.length, date).toBeGreaterThanOrEqual(3);
      expect(added.length, date).toBeLessThanOrEqual(4);
      for (const a of added) {
        expect(a.lastModified as number).toBeLessThanOrEqual(school.school.snapshotAt);
        expect(a.created as number).toBeLessThanOrEqual(a.lastModified as number);
        expect(a.absenceDuration).toBe(8);
        // Sickness is recorded that morning; next week's absences are planned leave or training.
        if (date < '2026-11-21') expect(a.absenceTypeCode).toBe('ZIEK');
        else {
          expect(a.absenceType).not.toBe(0);
          expect(a.created as number).toBeLessThan(school.school.snapshotAt);
        }
      }
      const { open, covered, cancelled } = states(date, new Set(added.map((a) => a.employee as string)));
      expect(open.length, `${date} open`).toBeGreaterThan(covered.length + cancelled.length);
      expect(covered.length, `${date} covered`).toBeGreaterThan(0);
      expect(cancelled.length, `${date} cancelled`).toBeGreaterThan(0);
      // Every cancelled lesson says why; the ones cancelled for the absence say 'teachers'.
      for (const c of cancelled) expect(['teachers', 'students', 'changedPlanning'], date).toContain(c.cancelledReason);
      expect(cancelled.some((c) => c.cancelledReason === 'teachers')).toBe(true);
      for (const c of covered) expect(c.changeDescription).toMatch(/^Vervanging: \S+ voor /);
      const day = school.cover.days.find((d) => d.date === date)!;
      expect(open.map((r) => r.id).sort()).toEqual(expect.arrayContaining([...day.open].sort()));
    }
  });

  it('gives an absent teacher two adjacent open lessons in one group on 2026-11-18', () => {
    const absent = new Set(absenceRows.filter((a) => (a.id as number) >= 9000).map((a) => a.employee as string));
    const { open } = states('2026-11-18', absent);
    const pairs = open.flatMap((a) =>
      open
        .filter(
          (b) =>
            b.startTimeSlot === (a.startTimeSlot as number) + 1 &&
            teachersOf(b).join() === teachersOf(a).join() &&
            (b.groups as string[]).join() === (a.groups as string[]).join(),
        )
        .map((b) => [a.id, b.id]),
    );
    expect(pairs).toContainEqual(school.cover.consecutive!.ids);
  });

  it('takes a group on an excursion on 2026-11-18: its lessons cancelled for students, its teachers freed', () => {
    const rows = rowsOn('2026-11-18');
    const trip = rows.find((r) => r.id === school.cover.excursion!.activity)!;
    expect(trip).toMatchObject({
      type: 'activity',
      valid: true,
      cancelled: false,
      groups: [school.cover.excursion!.group],
    });
    const group = school.cover.excursion!.group;
    const ofGroup = rows.filter(
      (r) =>
        r.type === 'lesson' &&
        live(r) &&
        (r.groups as string[]).includes(group) &&
        overlap(r, trip.start as number, trip.end as number),
    );
    expect(ofGroup.length).toBeGreaterThanOrEqual(3);
    for (const l of ofGroup) {
      expect(l).toMatchObject({ cancelled: true, cancelledReason: 'students' });
      // Freed: the lesson's teacher is neither absent nor busy then.
      for (const t of teachersOf(l)) {
        expect(absentAt(t, l.start as number, l.end as number)).toBe(false);
        expect(busyAt(rows, t, l.start as number, l.end as number)).toBe(false);
      }
    }
    // The accompanying teachers' own lessons at that time stay theirs: open, for the engine to see.
    expect(teachersOf(trip).length).toBeGreaterThanOrEqual(1);
    for (const t of teachersOf(trip)) {
      const own = rows.filter(
        (r) =>
          r.type === 'lesson' &&
          live(r) &&
          r.cancelled !== true &&
          teachersOf(r).includes(t) &&
          overlap(r, trip.start as number, trip.end as number),
      );
      expect(own.length, t).toBeGreaterThan(0);
      expect(absentAt(t, trip.start as number, trip.end as number)).toBe(false);
    }
  });

  it('has an open Noord lesson on 2026-11-18 that nobody with a contract there can take', () => {
    const rows = rowsOn('2026-11-18');
    const lesson = school.appointments.get(school.cover.nobody!.lesson)!;
    expect(lesson).toMatchObject({ type: 'lesson', valid: true, cancelled: false, branch: 'nrd' });
    const start = lesson.start as number;
    const end = lesson.end as number;
    for (const t of teachersOf(lesson)) expect(absentAt(t, start, end)).toBe(true);
    const project = school.school.currentProjects.find((p) => p.branchCode === 'nrd')!.id;
    const staff = school.school.tables.contracts
      .map((c) => c.row)
      .filter(
        (c) =>
          c.schoolInSchoolYear === project &&
          (c.start as string) <= '2026-11-18' &&
          '2026-11-18' <= (c.end as string) &&
          !teachersOf(lesson).includes(c.employee as string),
      );
    expect(staff.length).toBeGreaterThan(20);
    for (const c of staff) {
      const code = c.employee as string;
      expect(absentAt(code, start, end) || busyAt(rows, code, start, end), code).toBe(true);
    }
  });

  it('applies a cover or a cancellation as a scheduler would, seen by modifiedSince', async () => {
    const post = (body: unknown) =>
      fetch(`${running.origin}/admin/cover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The shared school: pick open lessons of 2026-11-18 that the simulation left alone.
    const [first, second] = data.cover.days[0]!.open.map((id) => data.appointments.get(id)!).filter(
      (r) => r.valid === true && r.cancelled !== true,
    );
    const absent = (first!.teachers as string[])[0]!;
    const sub = [...data.school.employees.values()].find((e) => e.subjects.length > 0 && e.code !== absent)!.code;
    const before = data.appointments.highestLastModified;
    const res = await post({ appointment: first!.id, teacher: sub });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    expect(id).not.toBe(first!.id);
    const fields = `${week().fields},cancelledReason`;
    const delta = (
      await demo.get<R>('/appointments', { ...week({ fields, includeHidden: true }), modifiedSince: before })
    ).body.response.data;
    const next = delta.find((r) => r.id === id)!;
    expect(next).toMatchObject({
      appointmentInstance: first!.appointmentInstance,
      teachers: [sub],
      teacherChanged: true,
      valid: true,
      cancelled: false,
      changeDescription: `Vervanging: ${sub} voor ${absent}`,
    });
    expect(next.lastModified as number).toBeGreaterThanOrEqual(before);
    expect(delta.find((r) => r.id === first!.id)).toMatchObject({ valid: false, teachers: [absent] });
    // Not current any more, unknown, or not a cover at all.
    expect((await post({ appointment: first!.id, teacher: sub })).status).toBe(400);
    expect((await post({ appointment: 1, teacher: sub })).status).toBe(404);
    expect((await post({ appointment: second!.id })).status).toBe(400);
    expect((await post({ appointment: second!.id, teacher: 'x y' })).status).toBe(400);
    expect((await post({ appointment: second!.id, cancel: true, teacher: sub })).status).toBe(400);
    const big = await post({ appointment: second!.id, teacher: 'a'.repeat(70_000) });
    expect(big.status).toBe(413);
    // Cancelled in place, for the teachers' reason.
    const highest = data.appointments.highestLastModified;
    const cancel = await post({ appointment: second!.id, cancel: true });
    expect(((await cancel.json()) as { id: number }).id).toBe(second!.id);
    const after = (await demo.get<R>('/appointments', { ...week({ fields }), modifiedSince: highest })).body.response
      .data;
    expect(after.find((r) => r.id === second!.id)).toMatchObject({
      cancelled: true,
      cancelledReason: 'teachers',
      valid: true,
    });
    expect((await post({ appointment: second!.id, cancel: true })).status).toBe(400);
  });

  it('leaves 2026-11-17 byte for byte as it was', () => {
    expect(day17).toEqual({ count: 497, sha256: DAY_17_SHA256 });
  });
});
