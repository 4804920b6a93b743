import 'server-only';
import { lessonsReader } from '@/lib/lessons/reader.server';
import { serverEnv } from '@/lib/env.server';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { HttpError } from '@/lib/platform/api.server';
import { apiText } from '@/lib/api/api-text';
import { schoolYearOf } from '@/lib/partner-api/values';
import { LEERJAREN, NORM_HOURS } from './definitions';
import { rememberedFigures, type KlasRow, type OnderwijstijdFigures, type StudentRow } from './figures';
import { onderwijstijdSettings, requireOnderwijstijd } from './settings.server';
import type { OnderwijstijdSettings } from './settings';
import { visitYear } from './year.server';
import { studentMissedLessons } from './student-lessons.server';
import type { MissedLesson } from './hours';
import { cumulativeFigures, type CumulativeKlasRow, type CumulativeStudentRow } from './cumulative';
import { earlierYearsOf, type EarlierYears } from './earlier-years.server';

// Onderwijstijd over a period (issue 48): the school year's weeks (kept as their figures between
// visits, refreshed by what changed), the klassen's departments, the school's settings; then the
// figures per student, klas, opleiding and leerjaar, and week by week.

export interface OnderwijstijdMeta {
  from: string;
  to: string;
  schoolYear: number;
  /** The moment counted at (Unix seconds): what has ended by then is realised. */
  now: number;
  norms: typeof NORM_HOURS;
  leerjaren: typeof LEERJAREN;
  settings: OnderwijstijdSettings;
  /** How who took part was read: each version's `students`, or (some or all) by their groups. */
  participation: 'students' | 'groups' | 'mixed';
  /** Versions whose participants came from their groups (no `students` list). */
  viaGroups: number;
  /** Versions of the school year read (every version, deleted ones included). */
  appointments: number;
  /** Records the catalogue could not read: left out of every figure (the page says how many). */
  unreadable: number;
  /** Weeks answered from what was kept after one check, and weeks read whole. */
  weeksKept: number;
  weeksRead: number;
  /** Reads parsed on the parsing thread, and on the server's own thread (docs/decisions/0005-…). */
  readsParsed: { thread: number; here: number };
  projects: number[];
  durationMs: number;
}

export interface Onderwijstijd {
  figures: OnderwijstijdFigures;
  meta: OnderwijstijdMeta;
}

/** Everything the page and the API show of a period: the school year read (or kept), its figures. */
export async function onderwijstijdOf(active: ActiveConnection, from: string, to: string): Promise<Onderwijstijd> {
  const started = performance.now();
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  await requireOnderwijstijd(active);
  // The period's own school year, whatever the clock says.
  const reader = await lessonsReader(active, [], { during: { from, to } });
  if (!reader.rights('appointments'))
    throw new HttpError(403, apiText('proxy.endpointRefused', { resource: 'appointments' }));
  const schoolYear = schoolYearOf(from);
  const settings = await onderwijstijdSettings(active.connection.baseUrl);
  const now = Math.floor(Date.now() / 1000);
  const ask = { from, to, now, types: settings.types };
  return visitYear(reader, ask, zone, settings.codeRules, (year, departmentOf, read) => {
    const figures = rememberedFigures(year, departmentOf, settings.yearShares, read + JSON.stringify(settings));
    const appointments = year.year.reduce((n, w) => n + w.figures.versions, 0);
    const viaGroups = year.year.reduce((n, w) => n + w.figures.viaGroups, 0);
    return {
      figures,
      meta: {
        from,
        to,
        schoolYear,
        now,
        norms: NORM_HOURS,
        leerjaren: LEERJAREN,
        settings,
        participation: viaGroups === 0 ? 'students' : reader.has('appointments', ['students']) ? 'mixed' : 'groups',
        viaGroups,
        appointments,
        unreadable: year.unreadable,
        weeksKept: year.kept,
        weeksRead: year.read,
        readsParsed: year.parsed,
        projects: reader.projects,
        durationMs: Math.round(performance.now() - started),
      },
    };
  });
}

/** `GET /api/onderwijstijd/groups`: every klas's figures over the period. */
export async function onderwijstijdGroups(
  active: ActiveConnection,
  from: string,
  to: string,
): Promise<{ data: KlasRow[]; meta: OnderwijstijdMeta }> {
  const { figures, meta } = await onderwijstijdOf(active, from, to);
  return { data: figures.klasRows, meta };
}

/** A klas's participants (student codes), or a 400 naming a klas that does not appear. */
function klasCodes(figures: OnderwijstijdFigures, group: string): string[] {
  const codes = figures.klassen.get(group);
  if (!codes) throw new HttpError(400, apiText('onderwijstijd.unknownGroup', { group }));
  return codes;
}

/** A klas's students one by one, or a 400 naming a klas that does not appear. */
export function klasStudentRows(figures: OnderwijstijdFigures, group: string): StudentRow[] {
  return klasCodes(figures, group).flatMap((c) => figures.students.get(c) ?? []);
}

/** `GET /api/onderwijstijd/students?group=`: the klas's students one by one. */
export async function onderwijstijdStudents(
  active: ActiveConnection,
  group: string,
  from: string,
  to: string,
): Promise<{ data: StudentRow[]; meta: OnderwijstijdMeta & { group: string } }> {
  const { figures, meta } = await onderwijstijdOf(active, from, to);
  return { data: klasStudentRows(figures, group), meta: { ...meta, group } };
}

/** `GET /api/onderwijstijd/lessons?student=&group=`: a student's lessons that did not happen in the period. */
export async function onderwijstijdLessons(
  active: ActiveConnection,
  ask: { student: string; group: string | null; from: string; to: string },
): Promise<{
  data: MissedLesson[];
  meta: { student: string; group: string | null; from: string; to: string; read: 'user' | 'weeks'; projects: number[] };
}> {
  await requireOnderwijstijd(active);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const reader = await lessonsReader(active, [], { during: { from: ask.from, to: ask.to } });
  const { types } = await onderwijstijdSettings(active.connection.baseUrl);
  const { data, read } = await studentMissedLessons(
    reader,
    { student: ask.student, klas: ask.group, from: ask.from, to: ask.to, now: Math.floor(Date.now() / 1000), types },
    zone,
  );
  return {
    data,
    meta: { student: ask.student, group: ask.group, from: ask.from, to: ask.to, read, projects: reader.projects },
  };
}

export interface CumulativeMeta {
  from: string;
  to: string;
  schoolYear: number;
  now: number;
  norms: typeof NORM_HOURS;
  /** The school years counted: the earlier ones holding lessons, and this one to date. */
  schoolYears: number[];
  /** Each earlier year read: its projects, versions and students. */
  earlier: { schoolYear: number; projects: number[]; appointments: number; unreadable: number; students: number }[];
  /** Earlier years granted without a lesson in them: not counted. */
  empty: EarlierYears['empty'];
  durationMs: number;
}

export interface OnderwijstijdCumulative {
  data: CumulativeKlasRow[] | CumulativeStudentRow[];
  meta: CumulativeMeta & { group: string | null };
}

/**
 * Onderwijstijd over the opleiding: this year's figures (the same as the page's) and each earlier
 * year the portal grants, counted whole. A klas's students one by one when a klas is asked.
 */
export async function onderwijstijdCumulative(
  active: ActiveConnection,
  ask: { from: string; to: string; group: string | null },
  current?: Onderwijstijd,
): Promise<OnderwijstijdCumulative> {
  const started = performance.now();
  await requireOnderwijstijd(active);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const earlierFor = (settings: OnderwijstijdSettings, now: number) =>
    earlierYearsOf(active, schoolYearOf(ask.from), settings, now, zone);
  let answer: Onderwijstijd;
  let earlier: EarlierYears;
  if (current || ask.group !== null) {
    // A klas asked is checked against this year before an earlier year is read for it.
    answer = current ?? (await onderwijstijdOf(active, ask.from, ask.to));
    if (ask.group !== null) klasCodes(answer.figures, ask.group);
    earlier = await earlierFor(answer.meta.settings, answer.meta.now);
  } else {
    // The whole school: this year and the earlier ones at once (each its own heavy read).
    const settings = await onderwijstijdSettings(active.connection.baseUrl);
    [answer, earlier] = await Promise.all([
      onderwijstijdOf(active, ask.from, ask.to),
      earlierFor(settings, Math.floor(Date.now() / 1000)),
    ]);
  }
  const { figures, meta } = answer;
  const over = cumulativeFigures(figures, meta.schoolYear, earlier.years, meta.settings.yearShares);
  const data =
    ask.group === null ? over.klasRows : klasCodes(figures, ask.group).flatMap((c) => over.students.get(c) ?? []);
  return {
    data,
    meta: {
      from: meta.from,
      to: meta.to,
      group: ask.group,
      schoolYear: meta.schoolYear,
      now: meta.now,
      norms: NORM_HOURS,
      schoolYears: [...earlier.years.map((y) => y.schoolYear), meta.schoolYear],
      earlier: earlier.years.map((y) => ({
        schoolYear: y.schoolYear,
        projects: y.projects,
        appointments: y.appointments,
        unreadable: y.unreadable,
        students: y.students.size,
      })),
      empty: earlier.empty,
      durationMs: Math.round(performance.now() - started),
    },
  };
}
