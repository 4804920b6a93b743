'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { partnerListOptions } from '@/lib/api/partner.client';
import { listParams } from '@/lib/partner-api/list-params';
import { planWeek } from '@/lib/timetable/fields';
import { useWeekAppointments } from '@/lib/timetable/api.client';
import type { ChangesConfig } from './config';
import { absencesOn, dayChanges, lessonsOfAbsent, type Absence, type AbsentLesson } from './day-changes';

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
  const rows = week.data?.byId;
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
  const absent = useMemo<{ absence: Absence; lessons: AbsentLesson[] | null }[] | null>(() => {
    if (!absenceQuery.data) return null;
    return absencesOn(absenceQuery.data.data, config.dayStart, config.dayEnd).map((a) => ({
      absence: a,
      // null while the week is still being read: not yet known, rather than none.
      lessons: !rows ? null : a.employee ? lessonsOfAbsent(rows.values(), a, config.dayStart, config.dayEnd) : EMPTY,
    }));
  }, [absenceQuery.data, rows, config.dayStart, config.dayEnd]);

  return { plan, week, changes, absenceQuery, absent, arrived: week.data?.changedSinceLoad };
}

export type DayChangesData = ReturnType<typeof useDayChanges>;
