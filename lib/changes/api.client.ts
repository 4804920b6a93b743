'use client';

import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api/http.client';
import type { DayChangesAnswer } from './types';

export const changesPaths = {
  /** A day's changes and absent staff, computed on the server. */
  day: (date: string) => `/api/changes?${new URLSearchParams({ date })}`,
};

export const changesKeys = {
  day: (connectionId: string, date: string) => [connectionId, 'changes', date] as const,
};

// The changes page's read (fetcher + queryOptions), keyed by the connection id first: the day's
// list as the server computes it, polled as the week grid polls (TIMETABLE_POLL_SECONDS while the
// tab is visible).

export function dayChangesOptions(connectionId: string, date: string, pollSeconds: number) {
  return queryOptions({
    queryKey: changesKeys.day(connectionId, date),
    queryFn: ({ signal }) => apiFetch<DayChangesAnswer>(changesPaths.day(date), { signal, connectionId }),
    staleTime: pollSeconds * 1000,
    refetchInterval: pollSeconds * 1000,
    refetchIntervalInBackground: false,
    retry: 1,
  });
}
