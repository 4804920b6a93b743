'use client';

import type { PageAnswer } from '@/lib/api/contract';
import { usePageAnswer } from '@/lib/api/page-answer.client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { apiFetch, fetchProgress } from '@/lib/api/http.client';
import type { CoverAnswer, CoverSettings, SettingsChange } from './types';

/** Cover planning's addresses: the day, the portal's settings, the day's pins. */
export const coverPaths = {
  day: (params: URLSearchParams) => `/api/cover?${params}`,
  settings: () => '/api/cover/settings',
  pins: () => '/api/cover/pins',
  fairness: (from: string, to: string) => `/api/cover/fairness?${new URLSearchParams({ from, to })}`,
  /** The report's page for a period: the address a scheduler shares. */
  fairnessPage: (from: string, to: string, projects: number[] = []) =>
    `/cover/fairness?${new URLSearchParams({ from, to, ...(projects.length ? { project: projects.join(',') } : {}) })}`,
};

export const coverKeys = {
  /** Every cover read of a connection (the day and the settings) starts with this. */
  all: (connectionId: string) => [connectionId, 'cover'] as const,
  day: (connectionId: string, date: string) => [connectionId, 'cover', 'day', date] as const,
  settings: (connectionId: string) => [connectionId, 'cover', 'settings'] as const,
};

// Cover planning's reads and writes (fetcher + queryOptions + hook), keyed by the connection id
// first. The day is read once a minute while the page is open, so covers the scheduler enters in
// the portal show up (the timetable's live rule: poll, never push).

const newProgressId = () => crypto.randomUUID().toLowerCase();

export function coverDayOptions(connectionId: string, date: string, progress: string) {
  return queryOptions({
    queryKey: coverKeys.day(connectionId, date),
    queryFn: ({ signal }) =>
      apiFetch<CoverAnswer>(coverPaths.day(new URLSearchParams({ date, progress })), { signal, connectionId }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * The day's cover plan (the first from the page's HTML when it has it), and how many weeks of the
 * fairness window are counted while it is read.
 */
export function useCoverDay(date: string, first: PageAnswer<CoverAnswer> | null = null, enabled = true) {
  const connectionId = useConnectionId();
  const [progressId] = useState(newProgressId);
  const query = useQuery({
    ...coverDayOptions(connectionId, date, progressId),
    enabled: enabled && connectionId !== NO_CONNECTION,
    // The answer the server rendered the page with, for the day it was made for.
    ...usePageAnswer(first, date),
  });
  const progress = useQuery({
    queryKey: [connectionId, 'progress', progressId] as const,
    queryFn: ({ signal }) => fetchProgress(progressId, { signal, connectionId }),
    enabled: enabled && query.isPending && connectionId !== NO_CONNECTION,
    refetchInterval: 500,
    retry: false,
  });
  return { ...query, progress: query.isPending ? (progress.data ?? null) : null };
}

/** Every candidate of one lesson (the day's answer carries the best three), read when asked for. */
export function useCoverLesson(date: string, lesson: number | null, enabled: boolean) {
  const connectionId = useConnectionId();
  return useQuery({
    queryKey: [...coverKeys.day(connectionId, date), 'lesson', lesson] as const,
    queryFn: ({ signal }) =>
      apiFetch<CoverAnswer>(coverPaths.day(new URLSearchParams({ date, lesson: String(lesson) })), {
        signal,
        connectionId,
      }).then((a) => a.data[0] ?? null),
    enabled: enabled && lesson !== null && connectionId !== NO_CONNECTION,
    staleTime: 30_000,
  });
}

/** The settings as `GET /api/cover/settings` gives them, with who changed them last. */
export interface SettingsAnswer {
  data: CoverSettings;
  meta: { changed: SettingsChange | null };
}

export function useCoverSettings() {
  const connectionId = useConnectionId();
  return useQuery({
    queryKey: coverKeys.settings(connectionId),
    queryFn: ({ signal }) => apiFetch<SettingsAnswer>(coverPaths.settings(), { signal, connectionId }),
    enabled: connectionId !== NO_CONNECTION,
    retry: false,
  });
}

/** Saves the portal's settings; the day is ranked again at once. */
export function useSaveCoverSettings() {
  const connectionId = useConnectionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: CoverSettings) =>
      apiFetch<SettingsAnswer>(coverPaths.settings(), { method: 'PUT', body: settings, connectionId }),
    onSuccess: () => client.invalidateQueries({ queryKey: coverKeys.all(connectionId) }),
  });
}

/** Pins (or, with null, lets go of) a reliever on one lesson; the rest is solved around it. */
export function usePinCover(date: string) {
  const connectionId = useConnectionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pin: { lesson: string; employee: string | null }) =>
      apiFetch(coverPaths.pins(), { method: 'PUT', body: { date, ...pin }, connectionId }),
    onSuccess: () => client.invalidateQueries({ queryKey: coverKeys.day(connectionId, date) }),
  });
}
