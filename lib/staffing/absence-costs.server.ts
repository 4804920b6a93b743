import 'server-only';
import { readNames } from '@/lib/lessons/reader.server';
import { NAME_FIELDS, RightsReader, weeksBetween } from '@/lib/partner-api/reader.server';
import { lessonFilters } from './teacher-loads.server';
import { dayEnd, dayStart } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { formatIsoWeek, type IsoWeek } from '@/lib/partner-api/values';
import { lessonChains } from '@/lib/lessons/chains';
import { compareSortKeys } from '@/lib/people/names';
import { setProgress } from '@/lib/csv/export-progress.server';
import { absenceCosts, absencesIn } from './absence-costs';
import { NEEDS } from '@/lib/lessons/load-figures';
import type { AbsenceCost, StaffingAnswer } from './types';
import type { CatalogRecord } from '@/lib/partner-api/records';

// The absences page's costs: each absence with the lessons it touched and what became of them.

/** Dutch name order (surname without prefix first), the tables' order before anyone sorts. */
const byName = (a: { sortKey: string }, b: { sortKey: string }) => compareSortKeys(a.sortKey, b.sortKey);

/** Each absence overlapping [from, to] (ISO days) with the lessons it touched and their fate. */
export async function staffingAbsenceCosts(
  reader: RightsReader,
  from: string,
  to: string,
  progressId?: string,
): Promise<StaffingAnswer<AbsenceCost>> {
  const weeks = weeksBetween(from, to, serverEnv().SCHOOL_TIME_ZONE);
  return reader.budgeted(weeks.length, () => readAbsenceCosts(reader, from, to, weeks, progressId));
}

async function readAbsenceCosts(
  reader: RightsReader,
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
  const names = await readNames(reader);
  const absent = new Set(absences.map((a) => a.employee).filter((e): e is string => typeof e === 'string'));
  // Only the chains of the absent people's lessons are kept: a week at a time, not the range's school.
  const kept: CatalogRecord<'appointments'>[] = [];
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
