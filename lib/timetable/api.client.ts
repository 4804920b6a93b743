'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { fetchPartnerList } from '@/lib/partner-api/use-partner-list';
import type { PartnerRecord } from '@/lib/partner-api/schemas';
import { fromFullRead, mergeDelta, replaceAll, type WeekRecords } from './merge';
import { weekParams, type WeekQueryInput } from './week-params';

// Fetchers, query options and hooks of the timetable (bulletproof-react's api-file shape).

export const fetchAppointments = (params: URLSearchParams, signal?: AbortSignal) =>
  fetchPartnerList('appointments', params, signal);

export const weekQueryKey = (connectionId: string, params: URLSearchParams) =>
  ['appointments-week', connectionId, params.toString()] as const;

/** The week's appointment versions, polled: only what changed when the rights allow, else all. */
export function useWeekAppointments(connectionId: string, input: WeekQueryInput, pollSeconds: number) {
  const client = useQueryClient();
  const params = weekParams(input);
  const key = weekQueryKey(connectionId, params);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<WeekRecords> => {
      const previous = client.getQueryData<WeekRecords>(key);
      if (previous && input.plan.incremental && previous.highest !== null) {
        const delta = new URLSearchParams(params);
        delta.set('modifiedSince', String(previous.highest));
        return mergeDelta(previous, (await fetchAppointments(delta, signal)).data);
      }
      const rows = (await fetchAppointments(params, signal)).data;
      return previous ? replaceAll(previous, rows) : fromFullRead(rows);
    },
    refetchInterval: pollSeconds * 1000,
    refetchIntervalInBackground: false,
    staleTime: pollSeconds * 1000,
    // Keep the last good week on screen while a refresh fails.
    placeholderData: (prev) => prev,
    retry: 1,
  });
}

/** One appointment version with every field the partner may read. */
export function useAppointmentDetails(
  id: number | null,
  fields: readonly string[],
  canFilterOnId: boolean,
  input: WeekQueryInput,
) {
  return useQuery({
    queryKey: ['appointment-details', id, fields.join(',')],
    enabled: id !== null && canFilterOnId,
    queryFn: async ({ signal }) => {
      const params = weekParams(input);
      params.set('fields', fields.join(','));
      params.set('id', String(id));
      for (const k of ['teachers', 'possibleStudents', 'user']) params.delete(k);
      return (await fetchAppointments(params, signal)).data[0] ?? null;
    },
    staleTime: 30_000,
  });
}

export interface PersonName {
  code: string;
  name: string;
}

/** Names for codes from /users, when the rights allow. */
export function useUserNames(enabled: boolean) {
  return useQuery({
    queryKey: ['user-names'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<{ data: PartnerRecord[] }>(
        '/api/partner/users?fields=code,firstName,prefix,lastName',
        { signal },
      );
      const names = new Map<string, string>();
      for (const u of answer.data) {
        if (typeof u.code !== 'string') continue;
        names.set(u.code, [u.firstName, u.prefix, u.lastName].filter((x) => typeof x === 'string' && x).join(' '));
      }
      return names;
    },
  });
}
