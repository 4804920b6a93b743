import { formatWireWeek, weekWindow, type IsoWeek } from '../../lib/partner-api/values';
import { instant, isoDate, periods, SCHOOL_ZONE, type SchoolYear } from './calendar';
import type { Organisation } from './organisation';
import { Random } from './random';
import type { TemplateLesson } from './template';
import type { Row } from './types';

// One lesson week: the template's lessons at real times, with the variation a real week has
// (about 3% cancelled, about 5% changed as a new version, a few deleted versions, student
// participation changes), plus meetings, mentor talks, break duties, excursions and exam sessions.

export class IdSource {
  constructor(
    public version = 10_000_000,
    public instance = 50_000_000,
  ) {}
  nextVersion(): number {
    return this.version++;
  }
  nextInstance(): number {
    return this.instance++;
  }
}

export interface WeekContext {
  org: Organisation;
  template: readonly TemplateLesson[];
  year: SchoolYear;
  ids: IdSource;
  publishedAt: number;
  snapshotAt: number;
  seed: number;
}

const DAY = 86_400;

const CANCEL_REASONS = [
  { reason: 'teachers', text: 'Vervalt: docent afwezig' },
  { reason: 'students', text: 'Vervalt: leerlingen elders' },
  { reason: 'changedPlanning', text: 'Vervalt: gewijzigde planning' },
] as const;

const EXCURSIONS = [
  'Excursie Rijksmuseum',
  'Bezoek Tweede Kamer',
  'Sportdag',
  'Excursie Naturalis',
  'Theatervoorstelling',
  'Werkweek-voorbereiding',
];

export function generateWeek(ctx: WeekContext, week: IsoWeek): Row[] {
  const rng = new Random(ctx.seed).fork(`week-${formatWireWeek(week)}`);
  const rows: Row[] = [];
  const wire = formatWireWeek(week);
  const exam = ctx.year.examWeeks.has(wire);
  const monday = weekWindow(week, SCHOOL_ZONE).start;
  /** When a change to this week was made: before the week, never after the data snapshot. */
  const changeTime = () =>
    Math.max(
      ctx.publishedAt + DAY,
      Math.min(monday - rng.int(1, 9) * DAY + rng.int(0, 36_000), ctx.snapshotAt - rng.int(0, 3 * DAY)),
    );
  const createdTime = () => ctx.publishedAt + rng.int(0, 14 * DAY);
  const upperDepts = new Set(ctx.org.departments.filter((d) => d.upper).map((d) => d.id));

  // An excursion takes one department out for a day; its lessons that day are cancelled.
  const excursions = new Map<number, { dept: number; weekday: number }>();
  if (!exam && rng.chance(0.6)) {
    const dept = rng.pick(ctx.org.departments.filter((d) => ctx.org.currentProjects.includes(d.project)));
    const weekday = rng.int(1, 5);
    if (!ctx.year.daysOff.has(isoDate(week, weekday))) {
      excursions.set(dept.id, { dept: dept.id, weekday });
      const teachers = rng
        .sample(
          [...ctx.org.teachersBySubject.values()].flat().filter((t) => t.branches.includes(dept.branchCode)),
          3,
        )
        .map((t) => t.code);
      rows.push(
        appointmentRow(ctx, {
          type: 'activity',
          start: instant(week, weekday, '08:45'),
          end: instant(week, weekday, '15:30'),
          subjects: [],
          groups: dept.mainGroups.map((g) => g.name),
          teachers,
          locations: [],
          students: dept.mainGroups.flatMap((g) => g.students),
          branchOfSchool: dept.project.branchOfSchool,
          branchCode: dept.branchCode,
          departmentIds: [dept.id],
          content: rng.pick(EXCURSIONS),
          created: changeTime(),
        }),
      );
    }
  }

  const pending = notYetChosen(ctx, week);
  for (const lesson of ctx.template) {
    const date = isoDate(week, lesson.weekday);
    if (ctx.year.daysOff.has(date)) continue;
    if (exam && lesson.departmentIds.some((d) => upperDepts.has(d))) continue;
    const period = periods[lesson.slot - 1]!;
    const base = appointmentRow(ctx, {
      type: 'lesson',
      start: instant(week, lesson.weekday, period.start),
      end: instant(week, lesson.weekday, period.end),
      slot: lesson.slot,
      subjects: [lesson.subject],
      groups: lesson.groups,
      teachers: lesson.teachers,
      locations: [lesson.location],
      students:
        pending && lesson.optional
          ? lesson.students.filter((s) => !pending.has(`${s}|${lesson.key}`))
          : lesson.students,
      branchOfSchool: lesson.branchOfSchool,
      branchCode: lesson.branchCode,
      departmentIds: lesson.departmentIds,
      optional: lesson.optional,
      capacity: lesson.capacity,
      created: createdTime(),
    });
    const excursion = lesson.departmentIds.map((d) => excursions.get(d)).find((e) => e?.weekday === lesson.weekday);
    if (excursion) {
      Object.assign(base, {
        cancelled: true,
        cancelledReason: 'students',
        changeDescription: 'Vervalt i.v.m. excursie',
        lastModified: changeTime(),
      });
      base.appointmentLastModified = base.lastModified;
      rows.push(base);
      continue;
    }
    const roll = rng.next();
    if (roll < 0.03) {
      const c = rng.pick(CANCEL_REASONS);
      Object.assign(base, { cancelled: true, cancelledReason: c.reason, changeDescription: c.text });
      touch(base, changeTime());
      rows.push(base);
    } else if (roll < 0.08) {
      rows.push(...changedVersions(ctx, rng, base, changeTime()));
    } else if (roll < 0.09) {
      // A deleted version: seen only with includeHidden.
      Object.assign(base, { hidden: true, valid: false, changeDescription: 'Verwijderd' });
      touch(base, changeTime());
      rows.push(base);
    } else {
      if (roll > 0.985) {
        // Student participation changed: lastModified moves, appointmentLastModified does not.
        base.students = (base.students as string[]).slice(1);
        base.lastModified = changeTime();
      }
      rows.push(base);
    }
  }

  rows.push(...meetingsTalksAndDuties(ctx, rng, week, createdTime));
  if (exam) rows.push(...examSessions(ctx, rng, week, createdTime));
  return rows;
}

/**
 * Optional lessons (keuzewerktijd) a student has not chosen yet: `${student}|${lesson key}`, for
 * weeks that have not ended at the data's snapshot (2026-W47 on for the default school year); in
 * earlier weeks every enrolment is settled. Each student enrolled in two or more optional lessons
 * leaves one of them (picked from a hash of seed, week and student) open, and each other one with a
 * chance of 30%, so a typical such student has at least one choice slot in /liveschedule from
 * 2026-W47 on; a student with a single option leaves it open with a chance of 60%.
 * Students left out of the template's options altogether (capacity) have open slots every week.
 * Drawn from forks of the seed, never from the week's generator: the rest of the week stays the same.
 */
function notYetChosen(ctx: WeekContext, week: IsoWeek): Set<string> | undefined {
  if (weekWindow(week, SCHOOL_ZONE).end <= ctx.snapshotAt) return undefined;
  const wire = formatWireWeek(week);
  const optionsOf = new Map<string, string[]>();
  for (const lesson of ctx.template) {
    if (!lesson.optional || ctx.year.daysOff.has(isoDate(week, lesson.weekday))) continue;
    for (const s of lesson.students) optionsOf.set(s, [...(optionsOf.get(s) ?? []), lesson.key]);
  }
  const pending = new Set<string>();
  const base = new Random(ctx.seed);
  for (const [student, keys] of optionsOf) {
    const draw = base.fork(`choice-${wire}-${student}`);
    // With one option only, a guaranteed open slot would empty that option every week.
    const open = keys.length > 1 ? Math.floor(draw.next() * keys.length) : draw.chance(0.6) ? 0 : -1;
    keys.forEach((key, i) => {
      if (i === open || draw.chance(0.3)) pending.add(`${student}|${key}`);
    });
  }
  return pending;
}

function touch(row: Row, at: number) {
  row.lastModified = at;
  row.appointmentLastModified = at;
}

interface RowInput {
  type: string;
  start: number;
  end: number;
  slot?: number;
  subjects: string[];
  groups: string[];
  teachers: string[];
  locations: string[];
  students: readonly string[];
  branchOfSchool: number;
  branchCode: string;
  departmentIds: number[];
  optional?: boolean;
  capacity?: number | null;
  content?: string | null;
  created: number;
}

/** A fresh, valid appointment version with its own instance. */
export function appointmentRow(ctx: Pick<WeekContext, 'ids' | 'org'>, input: RowInput): Row {
  const period = input.slot ? periods[input.slot - 1] : undefined;
  const groupIds = input.groups.map((g) => ctx.org.groups.get(g)?.id).filter((x): x is number => x !== undefined);
  return {
    id: ctx.ids.nextVersion(),
    appointmentInstance: ctx.ids.nextInstance(),
    type: input.type,
    start: input.start,
    end: input.end,
    startTimeSlot: period?.slot ?? null,
    endTimeSlot: period?.slot ?? null,
    startTimeSlotName: period?.name ?? null,
    endTimeSlotName: period?.name ?? null,
    subjects: input.subjects,
    groups: input.groups,
    teachers: input.teachers,
    locations: input.locations,
    students: input.students,
    branchOfSchool: input.branchOfSchool,
    branch: input.branchCode,
    cancelled: false,
    hidden: false,
    valid: true,
    optional: input.optional ?? false,
    teacherChanged: false,
    locationChanged: false,
    timeChanged: false,
    groupChanged: false,
    changeDescription: '',
    schedulerRemark: '',
    content: input.content ?? null,
    created: input.created,
    lastModified: input.created,
    appointmentLastModified: input.created,
    choosableInDepartmentCodes: input.subjects.map((s) => `${deptCode(ctx, input.departmentIds[0])}.${s}`),
    capacity: input.capacity ?? null,
    expectedStudentCount: input.students.length,
    availableSpace: input.capacity ? Math.max(0, input.capacity - input.students.length) : null,
    cancelledReason: null,
    creator: null,
    departmentsOfBranches: input.departmentIds,
    groupsInDepartments: groupIds,
  };
}

const deptCodes = new WeakMap<Organisation, Map<number, string>>();
function deptCode(ctx: Pick<WeekContext, 'org'>, id: number | undefined): string {
  let codes = deptCodes.get(ctx.org);
  if (!codes) deptCodes.set(ctx.org, (codes = new Map(ctx.org.departments.map((d) => [d.id, d.code]))));
  return (id !== undefined && codes.get(id)) || 'school';
}

/** Teachers and ordinary rooms per branch, for substitutions and room changes. */
const branchPools = new WeakMap<Organisation, Map<string, { teachers: string[]; rooms: string[] }>>();
function poolsOf(org: Organisation, branch: string) {
  let pools = branchPools.get(org);
  if (!pools) branchPools.set(org, (pools = new Map()));
  let pool = pools.get(branch);
  if (!pool) {
    pool = {
      teachers: [...org.employees.values()]
        .filter((e) => e.subjects.length > 0 && e.branches.includes(branch))
        .map((e) => e.code),
      rooms: [...org.rooms.values()]
        .filter((r) => r.branchCode === branch && !r.name.includes('gym') && !r.name.includes('aula'))
        .map((r) => r.name),
    };
    pools.set(branch, pool);
  }
  return pool;
}

/** A changed lesson: the old version loses `valid`, a new version of the same instance carries the change. */
export function changedVersions(ctx: Pick<WeekContext, 'ids' | 'org'>, rng: Random, original: Row, at: number): Row[] {
  const old: Row = { ...original, valid: false, lastModified: at, appointmentLastModified: at };
  const next: Row = {
    ...original,
    id: ctx.ids.nextVersion(),
    created: at,
    lastModified: at,
    appointmentLastModified: at,
  };
  const kind = rng.pick(['teacher', 'location', 'time', 'group'] as const);
  const branch = original.branch as string;
  if (kind === 'teacher') {
    const pool = poolsOf(ctx.org, branch).teachers.filter((code) => code !== (original.teachers as string[])[0]);
    const sub = rng.pick(pool);
    Object.assign(next, {
      teachers: [sub],
      teacherChanged: true,
      changeDescription: `Vervanging: ${sub} voor ${(original.teachers as string[]).join(', ')}`,
    });
  } else if (kind === 'location') {
    const room = rng.pick(poolsOf(ctx.org, branch).rooms);
    Object.assign(next, {
      locations: [room],
      locationChanged: true,
      changeDescription: `Lokaalwijziging: ${(original.locations as string[]).join(', ')} → ${room}`,
    });
  } else if (kind === 'time') {
    const from = (original.startTimeSlot as number | null) ?? 1;
    const to = rng.pick(periods.filter((p) => p.slot !== from));
    const dayStart = (original.start as number) - secondsSinceMidnight(periods[from - 1]!.start);
    Object.assign(next, {
      start: dayStart + secondsSinceMidnight(to.start),
      end: dayStart + secondsSinceMidnight(to.end),
      startTimeSlot: to.slot,
      endTimeSlot: to.slot,
      startTimeSlotName: to.name,
      endTimeSlotName: to.name,
      timeChanged: true,
      changeDescription: `Verplaatst van u${from} naar ${to.name}`,
    });
  } else {
    const group = (original.groups as string[])[0] ?? '';
    const sibling = [...ctx.org.groups.values()].find(
      (g) => g.isMainGroup && g.name !== group && g.name.slice(0, 2) === group.slice(0, 2),
    );
    if (sibling) {
      Object.assign(next, {
        groups: [group, sibling.name],
        students: [...(original.students as string[]), ...sibling.students],
        groupChanged: true,
        changeDescription: `Samengevoegd met ${sibling.name}`,
      });
    } else
      Object.assign(next, {
        schedulerRemark: 'Groep gewijzigd',
        groupChanged: true,
        changeDescription: 'Groep gewijzigd',
      });
  }
  if (rng.chance(0.3)) next.schedulerRemark = 'Zie mededelingen';
  return [old, next];
}

/** Seconds after local midnight of "HH:mm"; the school has no lessons across a DST switch hour. */
function secondsSinceMidnight(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 3600 + m * 60;
}

function meetingsTalksAndDuties(ctx: WeekContext, rng: Random, week: IsoWeek, created: () => number): Row[] {
  const rows: Row[] = [];
  const open = (weekday: number) => !ctx.year.daysOff.has(isoDate(week, weekday));
  for (const project of ctx.org.currentProjects) {
    const teachers = poolsOf(ctx.org, project.branchCode).teachers;
    const aula = project.branchCode === 'hg' ? 'aula' : 'N-aula';
    const common = {
      branchOfSchool: project.branchOfSchool,
      branchCode: project.branchCode,
      departmentIds: [] as number[],
      students: [] as string[],
      created: created(),
    };
    if (open(1)) {
      rows.push(
        appointmentRow(ctx, {
          ...common,
          type: 'meeting',
          start: instant(week, 1, '16:15'),
          end: instant(week, 1, '17:15'),
          subjects: [],
          groups: [],
          teachers,
          locations: [aula],
          content: 'Teamvergadering',
        }),
      );
    }
    if (open(3)) {
      for (const subject of rng.sample([...ctx.org.teachersBySubject.keys()], 2)) {
        const members = (ctx.org.teachersBySubject.get(subject) ?? [])
          .filter((t) => t.branches.includes(project.branchCode))
          .map((t) => t.code);
        if (members.length < 2) continue;
        rows.push(
          appointmentRow(ctx, {
            ...common,
            type: 'meeting',
            start: instant(week, 3, '15:30'),
            end: instant(week, 3, '16:30'),
            subjects: [subject],
            groups: [],
            teachers: members,
            locations: [aula],
            content: `Sectievergadering ${subject}`,
          }),
        );
      }
    }
    // Break duty on the playground, off the lesson grid.
    for (let weekday = 1; weekday <= 5; weekday++) {
      if (!open(weekday)) continue;
      for (const [from, to] of [
        ['10:10', '10:30'],
        ['12:05', '12:35'],
      ] as const) {
        rows.push(
          appointmentRow(ctx, {
            ...common,
            type: 'interlude',
            start: instant(week, weekday, from),
            end: instant(week, weekday, to),
            subjects: [],
            groups: [],
            teachers: rng.sample(teachers, 2),
            locations: [aula],
            content: 'Pleinwacht',
          }),
        );
      }
    }
  }
  // Mentor talks on Thursday afternoon: ten minutes each, a mentor and one student.
  if (open(4)) {
    const mentorGroups = rng.sample(
      [...ctx.org.groups.values()].filter((g) => g.isMainGroup),
      6,
    );
    for (const group of mentorGroups) {
      const mentor = ctx.org.teacherOf.get(`${group.name}|men`);
      const project = ctx.org.currentProjects.find((p) => p.id === group.projectId)!;
      if (!mentor) continue;
      rng.sample(group.students, 5).forEach((student, i) => {
        const minutes = 15 * 60 + 30 + i * 10;
        const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        rows.push(
          appointmentRow(ctx, {
            type: 'talk',
            start: instant(week, 4, time(minutes)),
            end: instant(week, 4, time(minutes + 10)),
            subjects: ['men'],
            groups: [group.name],
            teachers: [mentor],
            locations: [],
            students: [student],
            branchOfSchool: project.branchOfSchool,
            branchCode: project.branchCode,
            departmentIds: [group.departmentOfBranch],
            content: 'Mentorgesprek',
            created: created(),
          }),
        );
      });
    }
  }
  return rows;
}

function examSessions(ctx: WeekContext, rng: Random, week: IsoWeek, created: () => number): Row[] {
  const rows: Row[] = [];
  const sessions = [
    ['09:00', '10:30'],
    ['11:00', '12:30'],
    ['13:30', '15:00'],
  ] as const;
  for (const dept of ctx.org.departments.filter((d) => d.upper && ctx.org.currentProjects.includes(d.project))) {
    const subjects = rng.shuffle([
      'ne',
      'en',
      ...new Set(dept.blocks.flat().map((g) => g.name.split('.')[1]!.slice(0, -1))),
    ]);
    let s = 0;
    for (let weekday = 1; weekday <= 5; weekday++) {
      if (ctx.year.daysOff.has(isoDate(week, weekday))) continue;
      for (const [from, to] of sessions.slice(0, 2)) {
        const subject = subjects[s++ % subjects.length]!;
        const hall = dept.branchCode === 'hg' ? rng.pick(['gym1', 'gym2', 'aula']) : 'N-aula';
        const invigilators = rng
          .sample(
            [...ctx.org.employees.values()].filter((e) => e.branches.includes(dept.branchCode)),
            2,
          )
          .map((e) => e.code);
        rows.push(
          appointmentRow(ctx, {
            type: 'exam',
            start: instant(week, weekday, from),
            end: instant(week, weekday, to),
            subjects: [subject],
            groups: dept.mainGroups.map((g) => g.name),
            teachers: invigilators,
            locations: [hall],
            students: dept.mainGroups.flatMap((g) => g.students),
            branchOfSchool: dept.project.branchOfSchool,
            branchCode: dept.branchCode,
            departmentIds: [dept.id],
            content: `Toets ${subject}`,
            created: created(),
          }),
        );
      }
    }
  }
  return rows;
}
