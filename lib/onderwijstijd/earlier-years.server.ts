import 'server-only';
import { readerOf } from '@/lib/lessons/reader.server';
import { getPartner, type ActiveConnection } from '@/lib/connection/connection.server';
import { LEERJAREN } from './definitions';
import type { EarlierStudent, EarlierYear } from './cumulative';
import { rememberedFigures } from './figures';
import type { OnderwijstijdSettings } from './settings';
import { visitYear, type YearRead } from './year.server';
import type { KlasDepartment } from './groups';
import { HttpError } from '@/lib/platform/api.server';
import { apiText } from '@/lib/api/api-text';

// The earlier school years of the opleiding (issue 48), where the portal grants their projects:
// each read as this year is (a week at a time, kept as figures and asked what changed since), its
// klassen's departments read from that year's projects, and counted whole — every lesson of a past
// year has ended. What stays is each student's realised hours that year, their klas and leerjaar.

/** The longest opleiding's earlier years: vwo's six leerjaren, five before this one. */
const YEARS_BACK = Math.max(...Object.values(LEERJAREN)) - 1;

export interface EarlierYears {
  /** Earlier years read that hold lessons, earliest first. */
  years: EarlierYear[];
  /** Earlier years whose projects are granted but hold no lesson: not counted, and said. */
  empty: { schoolYear: number; projects: number[] }[];
}

/** The granted projects of each earlier school year of the opleiding, latest first. */
export function earlierProjects(
  projects: readonly { id: number; schoolYear?: number | null }[],
  schoolYear: number,
): { schoolYear: number; projects: number[] }[] {
  const out: { schoolYear: number; projects: number[] }[] = [];
  for (let year = schoolYear - 1; year >= schoolYear - YEARS_BACK; year--) {
    const ids = projects.filter((p) => p.schoolYear === year).map((p) => p.id);
    if (ids.length > 0) out.push({ schoolYear: year, projects: ids.sort((a, b) => a - b) });
  }
  return out;
}

export async function earlierYearsOf(
  active: ActiveConnection,
  schoolYear: number,
  settings: OnderwijstijdSettings,
  now: number,
  zone: string,
): Promise<EarlierYears> {
  const partner = await getPartner(active);
  const granted = earlierProjects(partner.schoolInSchoolYears, schoolYear);
  const read: EarlierYear[] = [];
  // Latest first, each year charged and read on its own (a first read of a school year is 53 weeks of
  // the session's 160 a minute): what was read is kept, so a year refused now is read on a later
  // visit while those before it cost their checks only. Figures over the opleiding need every year.
  for (const [i, { schoolYear: year, projects }] of granted.entries()) {
    const reader = readerOf(active, partner, projects);
    if (!reader.rights('appointments'))
      throw new HttpError(403, apiText('proxy.endpointRefused', { resource: 'appointments' }));
    const ask = { from: `${year}-08-01`, to: `${year + 1}-07-31`, now, types: settings.types };
    try {
      read.push(
        await visitYear(reader, ask, zone, settings.codeRules, (y, departmentOf, of) =>
          earlierYearOf(y, departmentOf, of, { schoolYear: year, projects, settings }),
        ),
      );
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      const seconds = error.extra.retryAfter ?? 60;
      throw new HttpError(
        429,
        apiText('onderwijstijd.earlierYearsLater', { total: granted.length, read: i, seconds }),
        { retryAfter: seconds },
      );
    }
  }
  return {
    years: read.filter((y) => y.appointments > 0).reverse(),
    empty: read
      .filter((y) => y.appointments === 0)
      .map(({ schoolYear: year, projects }) => ({ schoolYear: year, projects }))
      .reverse(),
  };
}

/** An earlier year's students as the cumulative figures need them: each one's realised hours, klas and leerjaar. */
function earlierYearOf(
  read: YearRead,
  departmentOf: (klas: string) => KlasDepartment,
  of: string,
  { schoolYear, projects, settings }: { schoolYear: number; projects: number[]; settings: OnderwijstijdSettings },
): EarlierYear {
  const figures = rememberedFigures(read, departmentOf, settings.yearShares, of + JSON.stringify(settings));
  const students = new Map<string, EarlierStudent>();
  for (const s of figures.students.values()) {
    if (s.student.startsWith('#')) continue; // a klas read by its groups: no student to follow
    students.set(s.student, {
      realised: s.yearRealizedHours,
      klas: s.klas,
      leerjaar: s.klas ? departmentOf(s.klas).yearOfEducation : null,
    });
  }
  return {
    schoolYear,
    projects,
    appointments: read.year.reduce((n, w) => n + w.figures.versions, 0),
    unreadable: read.unreadable,
    students,
  };
}
