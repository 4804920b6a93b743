'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBackgroundValue } from '@/lib/browser/use-background-value.client';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { partnerListOptions } from '@/lib/api/partner.client';
import { listParams } from '@/lib/partner-api/list-params';
import { planWeek } from '@/lib/timetable/fields';
import { useWeekAppointments } from '@/lib/timetable/api.client';
import type { ChangesConfig } from './config';
import { absencesOn, dayChanges, fateOfLessons, lessonChains, type Absence, type AbsentLesson } from './day-changes';

const SCHOOL = { kind: 'school' } as const;
const EMPTY: never[] = [];

/**
 * The day's changes from the week's versions, polled as the week grid polls (every
 * TIMETABLE_POLL_SECONDS while the tab is visible, only what changed when the rights allow), and
 * the day's absences with what happened to each absent person's lessons.
 */
export function useDayChanges(config: ChangesConfig) {
  const plan = useMemo(() => planWeek(SCHOOL, config.rights), [config.rights]);
  const week = useWeekAppointments(
    { week: config.week, zone: config.zone, projects: config.projects, plan },
    config.pollSeconds,
    true,
  );
  // The week's versions follow in a transition: the render that reads them (the day's changes, the
  // absent staff's lessons, the list) runs after the urgent one and yields to the browser between
  // its parts, instead of one long task when the week arrives. Never another week's versions while
  // it catches up (a day in another week): "reading" stands meanwhile.
  const weekKey = `${config.week.year}-W${config.week.week}`;
  const latest = useMemo(() => (week.data ? { weekKey, byId: week.data.byId } : undefined), [week.data, weekKey]);
  const deferred = useBackgroundValue(latest);
  const rows = latest && deferred?.weekKey === latest.weekKey ? deferred.byId : undefined;
  const changes = useMemo(
    () => (rows ? dayChanges(rows.values(), config.dayStart, config.dayEnd) : null),
    [rows, config.dayStart, config.dayEnd],
  );

  const connectionId = useConnectionId();
  const absence = config.absence;
  const absenceQuery = useQuery({
    ...partnerListOptions(
      connectionId,
      'employeeabsences',
      listParams(
        absence?.fields ?? [],
        config.projects,
        absence?.byDate ? { startDate: config.date, endDate: config.date } : {},
      ),
    ),
    enabled: absence !== null && connectionId !== NO_CONNECTION,
    refetchInterval: config.pollSeconds * 1000,
    refetchIntervalInBackground: false,
  });
  // The week's lesson chains once, for every absent person (not the week's versions read again per person).
  const chains = useMemo(() => (rows ? lessonChains(rows.values()) : null), [rows]);
  const absent = useMemo<{ absence: Absence; lessons: AbsentLesson[] | null }[] | null>(() => {
    if (!absenceQuery.data) return null;
    return absencesOn(absenceQuery.data.data, config.dayStart, config.dayEnd).map((a) => ({
      absence: a,
      // null while the week is still being read: not yet known, rather than none.
      lessons: !chains ? null : a.employee ? fateOfLessons(chains, a, config.dayStart, config.dayEnd) : EMPTY,
    }));
  }, [absenceQuery.data, chains, config.dayStart, config.dayEnd]);

  return { plan, week, changes, absenceQuery, absent, arrived: week.data?.changedSinceLoad };
}

export type DayChangesData = ReturnType<typeof useDayChanges>;
