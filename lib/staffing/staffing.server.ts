import 'server-only';
import { dayEnd, dayStart, isoDateAt, today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { RightsReader } from '@/lib/partner-api/reader.server';
import type { Partner } from '@/lib/partner-api/schemas';
import {
  formatIsoWeek,
  projectsOfSchoolYear,
  schoolYearOf,
  addWeeks,
  weekWindow,
  weekOf,
  type IsoWeek,
} from '@/lib/partner-api/values';
import { lessonChains } from '@/lib/changes/day-changes';
import { compareSortKeys, type NameParts } from '@/lib/people/names';
import { apiText } from '@/lib/api/api-text';
import { HttpError } from '@/lib/platform/api.server';
import { getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import { setProgress } from '@/lib/csv/export-progress.server';
import { joinedRead } from '@/lib/platform/first-answer.server';
import { absenceCosts, absencesIn } from './absence-costs';
import { pastWeekRows } from './week-cache.server';
import { groupsByTeacher, groupsWithoutTeacher, subjectGroups } from './groups';
import { CONTRACT_FIGURES, markDoubts, NEEDS } from './figures';
import { LessonTally, lessonsBehind, sumWeeks, weekLoad, type LoadRights } from './teacher-load';
import type { AbsenceCost, LessonFigure, GroupsAnswer, StaffingAnswer, TeacherLoad } from './types';

// The staffing figures, computed here from the portal's answers so the browser gets the table,
// not the school's week. Every read asks only for granted fields; what a figure needs and the
// rights lack is named in `meta.missing`, and the figure stays null.

type Raw = Record<string, unknown>;

/** Dutch name order (surname without prefix first), the tables' order before anyone sorts. */
const byName = (a: { sortKey: string }, b: { sortKey: string }) => compareSortKeys(a.sortKey, b.sortKey);

const NAME_FIELDS = ['firstName', 'prefix', 'lastName'];

/** The partner-API reader within the rights, its past weeks kept in the week cache, with the names. */
export class StaffingReader extends RightsReader {
  constructor(active: ActiveConnection, partner: Partner, projects: number[]) {
    super(active, partner, projects, pastWeekRows);
  }

  /** Names by user code: /employees where granted, else the contracts' own name fields. */
  async names(contracts: Promise<readonly Raw[]> | readonly Raw[] = []): Promise<Map<string, NameParts>> {
    const [employees, fallback] = await Promise.all([this.read('employees', ['userCode', ...NAME_FIELDS]), contracts]);
    const names = new Map<string, NameParts>();
    for (const c of fallback) if (typeof c.employee === 'string') names.set(c.employee, c);
    for (const e of employees) if (typeof e.userCode === 'string') names.set(e.userCode, e);
    return names;
  }
}

/**
 * A reader of the asked projects; none asked: every granted project, or with `thisSchoolYear` the
 * current school year's (a page whose answer is not bound to dates, such as the groups).
 */
export async function staffingReader(
  active: ActiveConnection,
  asked: number[],
  { thisSchoolYear = false } = {},
): Promise<StaffingReader> {
  const partner = await getPartner(active);
  const granted = partner.schoolInSchoolYears.map((p) => p.id);
  // A project asked for that the rights do not hold is refused, never widened to every project.
  const refused = asked.filter((p) => !granted.includes(p));
  if (refused.length > 0)
    throw new HttpError(403, apiText('staffing.projectNotGranted', { projects: refused.join(', ') }));
  const schoolYear = schoolYearOf(today(serverEnv().SCHOOL_TIME_ZONE));
  const fallback = thisSchoolYear ? projectsOfSchoolYear(partner.schoolInSchoolYears, schoolYear) : granted;
  return new StaffingReader(active, partner, asked.length > 0 ? asked : fallback);
}

/** The ISO weeks from the week of `from` to the week of `to`. */
export function weeksBetween(from: string, to: string, zone: string): IsoWeek[] {
  const weeks: IsoWeek[] = [];
  const last = dayStart(to, zone);
  for (let w = weekOf(dayStart(from, zone), zone); weekWindow(w, zone).start <= last; w = addWeeks(w, 1)) weeks.push(w);
  return weeks;
}

function loadRights(reader: StaffingReader): LoadRights {
  const lessons = reader.has('appointments', NEEDS.lessons);
  const contracts = reader.has('contracts', NEEDS.contracts);
  const figure = (f: string) => contracts && reader.has('contracts', [f]);
  return {
    lessons,
    cover: lessons && reader.has('appointments', NEEDS.cover),
    contracts: Object.fromEntries(CONTRACT_FIGURES.map((f) => [f, figure(f)])) as LoadRights['contracts'],
    absences: reader.has('employeeabsences', NEEDS.absences),
  };
}

const lessonFilters = (week: IsoWeek, zone: string) => {
  const { start, end } = weekWindow(week, zone);
  return { start: String(start), end: String(end), type: 'lesson' };
};

/**
 * The teacher table for a week, or summed over the weeks of a range (read a week at a time,
 * progress under `progressId`).
 */
export async function teacherLoads(
  reader: StaffingReader,
  weeks: IsoWeek[],
  label: { week?: string; from?: string; to?: string },
  progressId?: string,
): Promise<StaffingAnswer<TeacherLoad>> {
  return reader.budgeted(weeks.length, () => readTeacherLoads(reader, weeks, label, progressId));
}

/**
 * One week's teacher load for the connection, as the route and the load page's first read ask for
 * it: one read per connection and week at a time (`joinedRead`), so a page's read that outran its
 * time is joined by the browser's, not read again beside it.
 */
export function weekLoads(reader: StaffingReader, week: IsoWeek): Promise<StaffingAnswer<TeacherLoad>> {
  const label = formatIsoWeek(week);
  // The projects read (the asked ones, or all granted): the same for the same asked-for scope.
  const key = `${reader.active.connection.id} teachers ${label} ${reader.projects.join(',')}`;
  return joinedRead(key, () => teacherLoads(reader, [week], { week: label }));
}

async function readTeacherLoads(
  reader: StaffingReader,
  weeks: IsoWeek[],
  label: { week?: string; from?: string; to?: string },
  progressId?: string,
): Promise<StaffingAnswer<TeacherLoad>> {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const rights = loadRights(reader);
  const lessonFields = [...NEEDS.lessons, ...(rights.cover ? NEEDS.cover : [])];
  const first = weekWindow(weeks[0]!, zone).start;
  const last = weekWindow(weeks.at(-1)!, zone).end;
  const day = (t: number) => isoDateAt(t, zone);
  // Everything the first week needs is read at once; each next week is asked for while one is counted.
  // A week's lessons are gathered into their chains as the answer arrives: the reading and the
  // counting's first pass are done when its last byte is.
  const readWeek = async (week: IsoWeek) => {
    const tally = new LessonTally();
    const filters = lessonFilters(week, zone);
    // A week that is over comes from the week cache (a small incremental read); the others flow in.
    if (rights.lessons && Number(filters.end) <= Date.now() / 1000)
      tally.add(await reader.weekRows('appointments', lessonFields, filters));
    else if (rights.lessons) await reader.readEach('appointments', lessonFields, filters, (rows) => tally.add(rows));
    return tally;
  };
  const readAhead = (week: IsoWeek) => {
    const read = readWeek(week);
    // A failure is thrown where the week is awaited; a week read ahead never fails unheard.
    read.catch(() => undefined);
    return read;
  };
  // The week's lessons, the largest answer, are asked for first: the portal answers them first and
  // they are parsed while it answers the rest.
  let next = readAhead(weeks[0]!);
  const contractsRead = reader.read('contracts', [...NEEDS.contracts, ...CONTRACT_FIGURES, ...NAME_FIELDS]);
  const [contracts, absences, names] = await Promise.all([
    contractsRead,
    rights.absences
      ? reader.read('employeeabsences', NEEDS.absences, { startDate: day(first), endDate: day(last - 1) })
      : Promise.resolve([]),
    reader.names(contractsRead),
  ]);
  const perWeek: TeacherLoad[][] = [];
  const counted: IsoWeek[] = [];
  const skipped: IsoWeek[] = [];
  await setProgress(progressId, { done: 0, total: weeks.length, finished: false });
  try {
    for (const [i, week] of weeks.entries()) {
      const { start, end } = weekWindow(week, zone);
      const appointments = await next;
      if (i + 1 < weeks.length) next = readAhead(weeks[i + 1]!);
      // In a range, a week without a single lesson is a holiday: nothing was to be planned in it.
      if (weeks.length > 1 && rights.lessons && appointments.rows === 0) skipped.push(week);
      else {
        counted.push(week);
        perWeek.push(weekLoad({ start, end, zone, appointments, contracts, absences, names, rights }));
      }
      await setProgress(progressId, { done: i + 1, total: weeks.length, finished: i + 1 === weeks.length });
    }
  } catch (error) {
    await setProgress(progressId, {
      done: counted.length + skipped.length,
      total: weeks.length,
      finished: true,
      failed: { part: formatIsoWeek(weeks[counted.length + skipped.length]!), message: (error as Error).message },
    });
    throw error;
  }
  const data = markDoubts(perWeek.length === 1 ? perWeek[0]! : sumWeeks(perWeek), Math.max(perWeek.length, 1)).sort(
    byName,
  );
  return {
    data,
    meta: reader.meta({ ...label, weeks: counted.map(formatIsoWeek), skipped: skipped.map(formatIsoWeek) }),
  };
}

/** The lessons behind one teacher's cancelled or cover figure in a week or the weeks of a range. */
export async function lessonsOf(
  reader: StaffingReader,
  weeks: IsoWeek[],
  label: { week?: string; from?: string; to?: string },
  teacher: string,
  figure: LessonFigure,
) {
  return reader.budgeted(weeks.length, async () => {
    const zone = serverEnv().SCHOOL_TIME_ZONE;
    const rights = loadRights(reader);
    const data = [];
    if (rights.lessons)
      for (const week of weeks) {
        const { start, end } = weekWindow(week, zone);
        const rows = await reader.weekRows(
          'appointments',
          [...NEEDS.lessons, ...NEEDS.cover, 'subjects', 'groups', 'locations', 'startTimeSlotName'],
          // The whole week, not the teacher's rows: a lesson taken over or covered is judged by its
          // versions without the teacher too (the load table's own read).
          lessonFilters(week, zone),
        );
        data.push(...lessonsBehind(rows, teacher, figure, start, end));
      }
    return { data, meta: reader.meta({ ...label, weeks: weeks.map(formatIsoWeek) }) };
  });
}

/** Subjects on departments against their teaching groups, the groups without a teacher, per teacher. */
/**
 * The groups of the projects read, as the route and the groups page's first read ask for them: one
 * read per connection and projects at a time (`joinedRead`), as `weekLoads`.
 */
export function schoolGroups(reader: StaffingReader): Promise<GroupsAnswer> {
  const key = `${reader.active.connection.id} groups ${reader.projects.join(',')}`;
  return joinedRead(key, () => staffingGroups(reader));
}

export async function staffingGroups(reader: StaffingReader): Promise<GroupsAnswer> {
  reader.has('choosableindepartments', ['id', 'expectedGroupCount', 'expectedStudentCount']);
  reader.has('courses', ['choosableInDepartment', 'teachers', 'students']);
  const [choosables, courses, departments, employees] = await Promise.all([
    reader.read('choosableindepartments', [
      'id',
      'departmentOfBranch',
      'subject',
      'subjectCode',
      'subjectName',
      'departmentOfBranchCode',
      'expectedGroupCount',
      'expectedStudentCount',
    ]),
    reader.read('courses', [
      'id',
      'groupName',
      'choosableInDepartment',
      'subjectCode',
      'subjectName',
      'departmentCode',
      'teachers',
      'students',
    ]),
    reader.read('departmentsofbranches', ['id', 'code', 'schoolInSchoolYear']),
    reader.read('employees', ['userCode', ...NAME_FIELDS]),
  ]);
  const departmentsById = new Map<number, { code: string; project: number | null }>();
  for (const d of departments)
    if (typeof d.id === 'number')
      departmentsById.set(d.id, {
        code: typeof d.code === 'string' ? d.code : '',
        project: typeof d.schoolInSchoolYear === 'number' ? d.schoolInSchoolYear : null,
      });
  const names = new Map<string, NameParts>();
  for (const e of employees) if (typeof e.userCode === 'string') names.set(e.userCode, e);
  return {
    data: subjectGroups(choosables, courses, departmentsById),
    withoutTeacher: groupsWithoutTeacher(courses),
    byTeacher: groupsByTeacher(courses, names),
    meta: reader.meta({ weeks: [] }),
  };
}

/** Each absence overlapping [from, to] (ISO days) with the lessons it touched and their fate. */
export async function staffingAbsenceCosts(
  reader: StaffingReader,
  from: string,
  to: string,
  progressId?: string,
): Promise<StaffingAnswer<AbsenceCost>> {
  const weeks = weeksBetween(from, to, serverEnv().SCHOOL_TIME_ZONE);
  return reader.budgeted(weeks.length, () => readAbsenceCosts(reader, from, to, weeks, progressId));
}

async function readAbsenceCosts(
  reader: StaffingReader,
  from: string,
  to: string,
  weeks: IsoWeek[],
  progressId?: string,
): Promise<StaffingAnswer<AbsenceCost>> {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const start = dayStart(from, zone);
  const end = dayEnd(to, zone);
  reader.has('employeeabsences', NEEDS.absences);
  const lessonsGranted = reader.has('appointments', [...NEEDS.lessons, 'appointmentInstance']);
  const absences = absencesIn(
    await reader.read('employeeabsences', ['id', ...NEEDS.absences, 'absenceType', 'absenceTypeCode', ...NAME_FIELDS], {
      startDate: from,
      endDate: to,
    }),
    start,
    end,
  );
  const names = await reader.names();
  const absent = new Set(absences.map((a) => a.employee).filter((e): e is string => typeof e === 'string'));
  // Only the chains of the absent people's lessons are kept: a week at a time, not the range's school.
  const kept: Raw[] = [];
  await setProgress(progressId, { done: 0, total: weeks.length, finished: false });
  for (const [i, week] of weeks.entries()) {
    if (lessonsGranted && absent.size > 0) {
      const rows = await reader.weekRows(
        'appointments',
        [...NEEDS.lessons, 'appointmentInstance', 'subjects', 'groups'],
        lessonFilters(week, zone),
      );
      const touched = new Set<unknown>();
      for (const r of rows)
        if (Array.isArray(r.teachers) && r.teachers.some((t) => absent.has(t as string)))
          touched.add(r.appointmentInstance ?? r.id);
      for (const r of rows) if (touched.has(r.appointmentInstance ?? r.id)) kept.push(r);
    }
    await setProgress(progressId, { done: i + 1, total: weeks.length, finished: i + 1 === weeks.length });
  }
  // By start, then name: the order the range's absences happened in.
  const data = absenceCosts(absences, lessonChains(kept), start, end, zone, names, Date.now() / 1000).sort(
    (a, b) => (a.start ?? 0) - (b.start ?? 0) || byName(a, b),
  );
  return { data, meta: reader.meta({ from, to, weeks: weeks.map(formatIsoWeek) }) };
}
