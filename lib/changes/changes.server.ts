import 'server-only';
import { readerOf } from '@/lib/lessons/reader.server';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { apiErrorBody, PartnerApiError } from '@/lib/partner-api/errors';
import type { Partner } from '@/lib/partner-api/schemas';
import { weekWindow } from '@/lib/partner-api/values';
import type { ApiTranslate } from '@/lib/api/api-text';
import { planWeek } from '@/lib/timetable/fields';
import type { ChangesConfig } from './config';
import { absencesOn, fateOfLessons } from '@/lib/lessons/absences';
import { lessonChains } from '@/lib/lessons/chains';
import { dayChanges } from './day-changes';
import type { DayChangesAnswer } from './types';

const SCHOOL = { kind: 'school' } as const;

/**
 * The day's changes and absent staff, from the week's versions as the portal holds them (deleted
 * ones included: a removal is a change). The week comes from the week cache, so a page polling every
 * minute costs the portal a small "what changed since" read, not the school's week each time.
 */
export async function readDayChanges(
  active: ActiveConnection,
  partner: Partner,
  config: ChangesConfig,
  t: ApiTranslate,
): Promise<DayChangesAnswer> {
  const reader = readerOf(active, partner, config.projects);
  const plan = planWeek(SCHOOL, config.rights);
  const { start, end } = weekWindow(config.week, config.zone);
  const absence = config.absence;
  return reader.budgeted(1, async () => {
    const [week, absences] = await Promise.all([
      reader.weekRows(
        'appointments',
        plan.fields,
        { ...plan.filters, start: String(start), end: String(end) },
        { withHidden: true },
      ),
      absence
        ? reader
            .read(
              'employeeabsences',
              absence.fields,
              absence.byDate ? { startDate: config.date, endDate: config.date } : {},
            )
            .then(
              (rows) => ({ rows }),
              (error: unknown) => ({ error }),
            )
        : null,
    ]);
    const chains = absences && 'rows' in absences ? lessonChains(week) : [];
    return {
      data: {
        changes: dayChanges(week, config.dayStart, config.dayEnd),
        absent:
          absences && 'rows' in absences
            ? absencesOn(absences.rows, config.dayStart, config.dayEnd).map((a) => ({
                absence: a,
                lessons: a.employee ? fateOfLessons(chains, a, config.dayStart, config.dayEnd) : [],
              }))
            : null,
        absentFailed: absences && 'error' in absences ? failure(absences.error, t) : null,
      },
      meta: {
        date: config.date,
        readAt: Date.now(),
        incremental: plan.incremental,
        projects: reader.projects,
        durationMs: Math.round(performance.now() - reader.started),
      },
    };
  });
}

/** A failed read in words: the portal's failure as the API says it; anything else thrown on. */
function failure(error: unknown, t: ApiTranslate): string {
  if (error instanceof PartnerApiError) return apiErrorBody(error, t).error.message;
  throw error;
}
