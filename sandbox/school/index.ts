import { formatWireWeek, weekOf, type IsoWeek } from '../../lib/partner-api/values';
import { periods, schoolYear as buildSchoolYear, SCHOOL_ZONE, type SchoolYear } from './calendar';
import { FIXED_TODAY, schoolMoment, type SchoolMoment } from './present';
import { buildOrganisation, publishedAt, SCHOOL, type Organisation } from './organisation';
import { AppointmentStore } from './store';
import { seedCoverDays, type CoverScenario } from './cover';
import { applyAbsences, seedClashes } from './days';
import { buildTables } from './tables';
import { buildTemplate, type TemplateLesson } from './template';
import type { School } from './types';
import { IdSource } from './rows';
import { generateWeek, type WeekContext } from './weeks';
import { earlierYear } from './earlier-year';

export const DEFAULT_SEED = 20262027;

export interface SandboxData {
  school: School;
  org: Organisation;
  year: SchoolYear;
  template: readonly TemplateLesson[];
  appointments: AppointmentStore;
  ids: IdSource;
  weekContext: WeekContext;
  /** Where the school stands in time: its school day, year, snapshot and cover days. */
  moment: SchoolMoment;
  /** The cover days (cover planning): what was made where. */
  cover: CoverScenario;
}

export interface GenerateOptions {
  seed?: number;
  /** Multiplies groups, students, staff and rooms. */
  scale?: number;
  /**
   * The date the school lives on (YYYY-MM-DD): its school year, its snapshot (that school day's
   * 07:30) and its cover days. Default: the fixed school of the tests, 2026-11-20.
   */
  today?: string;
  /** The school year before with its lessons (default), so onderwijstijd can count over the opleiding. */
  earlierYear?: boolean;
}

/** The whole school, deterministic from the seed. */
export function generateSchool({
  seed = DEFAULT_SEED,
  scale = 1,
  today = FIXED_TODAY,
  earlierYear: withEarlierYear = true,
}: GenerateOptions = {}): SandboxData {
  if (!Number.isInteger(scale) || scale < 1 || scale > 20) throw new Error('scale must be a whole number from 1 to 20');
  const moment = schoolMoment(today);
  // Every generated timestamp is at or before the snapshot, so live changes always come later.
  const { year: schoolYear, snapshotAt } = moment;
  const org = buildOrganisation(seed, scale, schoolYear);
  const year = buildSchoolYear(schoolYear);
  const template = buildTemplate(org, seed);
  const ids = new IdSource();
  const weekContext: WeekContext = {
    org,
    template,
    year,
    ids,
    publishedAt: publishedAt(schoolYear),
    snapshotAt,
    seed,
  };
  const appointments = new AppointmentStore();
  for (const week of year.weeks) for (const row of generateWeek(weekContext, week)) appointments.add(row);
  const planned = new Map<string, number>();
  for (const lesson of template)
    for (const teacher of lesson.teachers) {
      const key = `${teacher}|${lesson.projectId}`;
      planned.set(key, (planned.get(key) ?? 0) + 1);
    }
  const tables = buildTables(org, seed, schoolYear, snapshotAt, planned);
  const days = { org, year, store: appointments, ids, seed, snapshotAt };
  applyAbsences(days, tables.employeeabsences);
  seedClashes(days);
  const cover = seedCoverDays(days, tables, moment);
  if (withEarlierYear) {
    // Added last, with ids of its own below this year's, so this year's school stays as it was.
    const earlier = earlierYear(org, template, seed, new IdSource(1_000_000, 40_000_000), snapshotAt);
    for (const row of earlier.rows) appointments.add(row);
    tables.groupindepartments.push(...earlier.groups);
  }
  const school: School = {
    seed,
    scale,
    id: SCHOOL.id,
    name: SCHOOL.name,
    snapshotAt,
    schoolYear,
    schoolDay: moment.schoolDay,
    periods,
    weeks: year.weeks,
    projects: org.projects,
    currentProjects: org.currentProjects,
    students: org.students,
    employees: org.employees,
    groups: org.groups,
    locations: org.rooms,
    tables,
  };
  return { school, org, year, template, appointments, ids, weekContext, moment, cover };
}

/** The lesson week an instant falls in, or the nearest one (outside the school year). */
export function nearestLessonWeek(data: SandboxData, unixSeconds: number): IsoWeek {
  const wanted = formatWireWeek(weekOf(unixSeconds, SCHOOL_ZONE));
  const weeks = data.year.weeks;
  return weeks.find((w) => formatWireWeek(w) >= wanted) ?? weeks[weeks.length - 1]!;
}
