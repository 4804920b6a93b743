'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResourceName } from '@/lib/partner-api/catalog';
import type { RecordOf } from '@/lib/partner-api/records';
import type { IsoWeek } from '@/lib/partner-api/weeks';
import type { ProxyList } from './contract';
import { partnerKeys, partnerPaths } from './proxy-paths.client';
import { NO_CONNECTION, useConnectionId } from './connection.client';
import { ApiError, apiFetch, apiFetchResponse } from './http.client';
import { readListAnswer } from './list-answer';

// The browser's reads of partner lists (bulletproof-react's fetcher + queryOptions + hook), their
// URLs and keys from proxy-paths.client.ts.

/** A list read for a connection: the request names the connection its answer will be cached under. */
export async function fetchPartnerList<R extends ResourceName>(
  connectionId: string,
  endpoint: R,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<ProxyList<RecordOf<R>>> {
  const path = partnerPaths.list(endpoint, params);
  const res = await apiFetchResponse(path, { signal, connectionId });
  try {
    const received = performance.now();
    const answer = await readListAnswer(endpoint, res);
    timeRead(path, received);
    return answer;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // The body stopped part-way (the portal's answer broke off): an error with words, never a short table.
    throw new ApiError(res.status, 'The answer broke off', undefined, null, undefined, undefined, 'broke-off');
  }
}

/**
 * The read's answer turned into records (from the headers to the last record), as a User Timing
 * measure named by the read (`rooster:read /api/partner/…`): DevTools shows it, and bench/ splits a
 * week switch into the network, this and the render. One entry per read path: the last replaces it.
 */
function timeRead(path: string, from: number) {
  const name = `rooster:read ${path}`;
  performance.clearMeasures(name);
  performance.measure(name, { start: from, end: performance.now() });
}

export function partnerListOptions<R extends ResourceName>(connectionId: string, endpoint: R, params: URLSearchParams) {
  return queryOptions({
    queryKey: partnerKeys.list(connectionId, endpoint, params),
    queryFn: ({ signal }) => fetchPartnerList(connectionId, endpoint, params, signal),
    staleTime: 60_000,
  });
}

/** A proxied list read of the active connection (none without a connection). */
export function usePartnerList<R extends ResourceName>(endpoint: R, params: URLSearchParams, enabled = true) {
  const connectionId = useConnectionId();
  return useQuery({
    ...partnerListOptions(connectionId, endpoint, params),
    enabled: enabled && connectionId !== NO_CONNECTION,
  });
}

export function liveScheduleOptions(connectionId: string, student: string, week: IsoWeek, project: number) {
  return queryOptions({
    queryKey: partnerKeys.liveSchedule(connectionId, student, week, project),
    queryFn: ({ signal }) =>
      apiFetch<ProxyList<unknown>>(partnerPaths.liveSchedule(student, week, project), { signal, connectionId }),
  });
}

/**
 * The portal's own answer to a proxied read (`path`), fetched only when someone opens it (the
 * explorer's JSON view), so the everyday read carries its records once.
 */
export function useRawAnswer(path: string, readAt: number) {
  const connectionId = useConnectionId();
  return useQuery({
    // With the time the table's answer was read: after a new read the JSON view reads again.
    queryKey: partnerKeys.raw(connectionId, path, readAt),
    queryFn: ({ signal }) => apiFetch<ProxyList<unknown>>(partnerPaths.raw(path), { signal, connectionId }),
    staleTime: 60_000,
    enabled: connectionId !== NO_CONNECTION,
  });
}
