'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api/http.client';
import { partnerKeys, partnerPaths } from '@/lib/api/proxy-paths.client';
import type { DayChangesAnswer } from './types';

// The changes page's read (fetcher + queryOptions), keyed by the connection id first: the day's
// list as the server computes it, polled as the week grid polls (TIMETABLE_POLL_SECONDS while the
// tab is visible).

export function dayChangesOptions(connectionId: string, date: string, pollSeconds: number) {
  return queryOptions({
    queryKey: partnerKeys.changesDay(connectionId, date),
    queryFn: ({ signal }) => apiFetch<DayChangesAnswer>(partnerPaths.changes(date), { signal, connectionId }),
    staleTime: pollSeconds * 1000,
    refetchInterval: pollSeconds * 1000,
    refetchIntervalInBackground: false,
    retry: 1,
  });
}
