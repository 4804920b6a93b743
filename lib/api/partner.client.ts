'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResourceName } from '@/lib/partner-api/catalog';
import type { RecordOf } from '@/lib/partner-api/records';
import type { PageAnswer, ProxyList } from './contract';
import { partnerKeys, partnerPaths } from './proxy-paths.client';
import { NO_CONNECTION, useConnectionId } from './connection.client';
import { ApiError, apiFetchResponse } from './http.client';
import { usePageAnswer } from './page-answer.client';

// The browser's reads of partner lists (bulletproof-react's fetcher + queryOptions + hook), their
// URLs and keys from proxy-paths.client.ts. The reads only some pages make are modules of their own
// (live-schedule.client.ts, raw-answer.client.ts): a module travels whole, with every export any
// page uses, to each page that imports it.

/** A list read for a connection: the request names the connection its answer will be cached under. */
export async function fetchPartnerList<R extends ResourceName>(
  connectionId: string,
  endpoint: R,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<ProxyList<RecordOf<R>>> {
  const path = partnerPaths.list(endpoint, params);
  // The list reader (with its lenient field readers) comes with the first list a page reads itself,
  // fetched beside the request: a page that came with its list does not ship it before then.
  const reader = import('./list-answer');
  const res = await apiFetchResponse(path, { signal, connectionId });
  const { readListAnswer } = await reader;
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

/**
 * A proxied list read of the active connection (none without a connection). `first`: the answer the
 * page came with, read on the server for the same parameters (`usePageAnswer`).
 */
export function usePartnerList<R extends ResourceName>(
  endpoint: R,
  params: URLSearchParams,
  enabled = true,
  first?: PageAnswer<ProxyList<RecordOf<R>>> | null,
) {
  const connectionId = useConnectionId();
  const given = usePageAnswer<ProxyList<RecordOf<R>>>(first, params.toString());
  return useQuery({
    ...partnerListOptions(connectionId, endpoint, params),
    enabled: enabled && connectionId !== NO_CONNECTION,
    ...given,
  });
}
