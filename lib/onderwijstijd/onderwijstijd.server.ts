import 'server-only';
import { lessonsReader } from '@/lib/lessons/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd, dayStart } from '@/lib/partner-api/calendar';
import { fieldList } from '@/lib/partner-api/records';
import { weekWindow } from '@/lib/partner-api/values';
import { serverEnv } from '@/lib/env.server';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { HttpError } from '@/lib/platform/api.server';
import { apiText } from '@/lib/api/api-text';
import { LEERJAREN, NORM_HOURS } from './definitions';
import { studentHours, type StudentHours } from './hours';
import { departmentsOf, klasRows, klasStudents, type KlasRow } from './groups';

// Onderwijstijd over a period (issue 48): every week's appointments read straight from the portal —
// never through the week cache, which would keep student lists at rest — with hidden versions (a
// removed lesson is lesuitval), the chains joined over the whole period (a lesson moved to another
// week), then the hours per student and per klas. Charged one week read per week.

const FIELDS = fieldList('appointments', [
  'id',
  'appointmentInstance',
  'start',
  'end',
  'type',
  'groups',
  'students',
  'valid',
  'hidden',
  'cancelled',
  'cancelledReason',
]);

export interface OnderwijstijdMeta {
  from: string;
  to: string;
  norms: typeof NORM_HOURS;
  leerjaren: typeof LEERJAREN;
  /** Versions whose students came from their groups (no `students` list granted or sent). */
  viaGroups: number;
  appointments: number;
  projects: number[];
  durationMs: number;
}

async function periodHours(active: ActiveConnection, from: string, to: string) {
  const started = performance.now();
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  // The period's own school year, whatever the clock says.
  const reader = await lessonsReader(active, [], { during: { from, to } });
  if (!reader.rights('appointments'))
    throw new HttpError(403, apiText('proxy.endpointRefused', { resource: 'appointments' }));
  const weeks = weeksBetween(from, to, zone);
  return reader.budgeted(weeks.length, async () => {
    const [weekRows, groups, departments] = await Promise.all([
      Promise.all(
        weeks.map((week) => {
          const w = weekWindow(week, zone);
          return reader.read('appointments', FIELDS, {
            start: String(w.start),
            end: String(w.end),
            includeHidden: 'true',
          });
        }),
      ),
      reader.read('groupindepartments', ['name', 'departmentOfBranch']),
      reader.read('departmentsofbranches', ['id', 'code', 'yearOfEducation', 'educationType']),
    ]);
    const rows = weekRows.flat();
    const { students, viaGroups } = studentHours(rows, {
      from: dayStart(from, zone),
      to: dayEnd(to, zone),
      now: Math.floor(Date.now() / 1000),
    });
    const meta = (): OnderwijstijdMeta => ({
      from,
      to,
      norms: NORM_HOURS,
      leerjaren: LEERJAREN,
      viaGroups,
      appointments: rows.length,
      projects: reader.projects,
      durationMs: Math.round(performance.now() - started),
    });
    return { rows, students, klassen: klasStudents(rows), departmentOf: departmentsOf(groups, departments), meta };
  });
}

/** `GET /api/onderwijstijd/groups`: every klas's figures over the period. */
export async function onderwijstijdGroups(
  active: ActiveConnection,
  from: string,
  to: string,
): Promise<{ data: KlasRow[]; meta: OnderwijstijdMeta }> {
  const p = await periodHours(active, from, to);
  return { data: klasRows(p.students, p.klassen, p.departmentOf), meta: p.meta() };
}

/** `GET /api/onderwijstijd/students?group=`: the klas's students one by one. */
export async function onderwijstijdStudents(
  active: ActiveConnection,
  group: string,
  from: string,
  to: string,
): Promise<{ data: StudentHours[]; meta: OnderwijstijdMeta & { group: string } }> {
  const p = await periodHours(active, from, to);
  const codes = p.klassen.get(group);
  if (!codes) throw new HttpError(400, apiText('onderwijstijd.unknownGroup', { group }));
  const data = [...codes]
    .sort()
    .map((c) => p.students.get(c))
    .filter((s): s is StudentHours => s !== undefined);
  return { data, meta: { ...p.meta(), group } };
}
