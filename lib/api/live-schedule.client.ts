'use client';

import { queryOptions } from '@tanstack/react-query';
import type { IsoWeek } from '@/lib/partner-api/weeks';
import type { ProxyList } from './contract';
import { apiFetch } from './http.client';
import { partnerKeys, partnerPaths } from './proxy-paths.client';

/** A student's week from /liveschedule (the timetable's live view and the live explorer). */
export function liveScheduleOptions(connectionId: string, student: string, week: IsoWeek, project: number) {
  return queryOptions({
    queryKey: partnerKeys.liveSchedule(connectionId, student, week, project),
    queryFn: ({ signal }) =>
      apiFetch<ProxyList<unknown>>(partnerPaths.liveSchedule(student, week, project), { signal, connectionId }),
  });
}
