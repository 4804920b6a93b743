import 'server-only';
import { readNames } from '@/lib/lessons/reader.server';
import { NAME_FIELDS, RightsReader } from '@/lib/partner-api/reader.server';
import { isoDateAt } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { formatIsoWeek, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { compareSortKeys } from '@/lib/people/names';
import { setProgress } from '@/lib/csv/export-progress.server';
import { joinedRead } from '@/lib/platform/first-answer.server';
import { markDoubts } from './figures';
import { CONTRACT_FIGURES, NEEDS, type LessonFigure, type TeacherLoad } from '@/lib/lessons/load-figures';
import { sumWeeks, weekLoad, type LoadRights } from '@/lib/lessons/teacher-load';
import { LessonTally, lessonsBehind } from '@/lib/lessons/tally';
import type { StaffingAnswer } from './types';

// The load page's figures per teacher for a week or the weeks of a range, and the lessons behind one.

/** Dutch name order (surname without prefix first), the tables' order before anyone sorts. */
const byName = (a: { sortKey: string }, b: { sortKey: string }) => compareSortKeys(a.sortKey, b.sortKey);

function loadRights(reader: RightsReader): LoadRights {
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

/** A week's lessons as the staffing reads filter them. */
export const lessonFilters = (week: IsoWeek, zone: string) => {
  const { start, end } = weekWindow(week, zone);
  return { start: String(start), end: String(end), type: 'lesson' };
};

/**
 * The teacher table for a week, or summed over the weeks of a range (read a week at a time,
 * progress under `progressId`).
 */
export async function teacherLoads(
  reader: RightsReader,
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
export function weekLoads(reader: RightsReader, week: IsoWeek): Promise<StaffingAnswer<TeacherLoad>> {
  const label = formatIsoWeek(week);
  // The projects read (the asked ones, or all granted): the same for the same asked-for scope.
  const key = `${reader.active.connection.id} teachers ${label} ${reader.projects.join(',')}`;
  return joinedRead(key, () => teacherLoads(reader, [week], { week: label }));
}

async function readTeacherLoads(
  reader: RightsReader,
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
    readNames(reader, contractsRead),
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
  reader: RightsReader,
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
