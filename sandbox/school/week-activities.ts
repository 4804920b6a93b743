import type { IsoWeek } from '../../lib/partner-api/values';
import { instant, isoDate } from './calendar';
import type { Random } from './random';
import { appointmentRow, poolsOf } from './rows';
import type { Row } from './types';
import type { WeekContext } from './weeks';

// A week's appointments besides its lessons: team and section meetings, break duties and mentor
// talks every week, exam sessions for the upper years in an exam week. Drawn from the week's
// generator, after its lessons.

/** The team meeting, section meetings and break duties per project; Thursday's mentor talks. */
export function meetingsTalksAndDuties(ctx: WeekContext, rng: Random, week: IsoWeek, created: () => number): Row[] {
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

/** Two exam sessions a day for each upper-year department of the current projects. */
export function examSessions(ctx: WeekContext, rng: Random, week: IsoWeek, created: () => number): Row[] {
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
