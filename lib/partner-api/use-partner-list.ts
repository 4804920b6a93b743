'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { PartnerRecord } from './schemas';

export interface ProxyList {
  data: PartnerRecord[];
  meta: { totalRows: number; unreadable: number; durationMs: number; request: string };
}

/** The proxy answers `{meta, data}`, or `{meta, envelope}` with the portal's envelope passed on as received. */
type ProxyAnswer = { meta: ProxyList['meta'] } & (
  { data: PartnerRecord[] } | { envelope: { response: { data: PartnerRecord[] } } }
);

export const partnerListPath = (endpoint: string, params: URLSearchParams) => `/api/partner/${endpoint}?${params}`;

export async function fetchPartnerList(
  endpoint: string,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<ProxyList> {
  const answer = await apiFetch<ProxyAnswer>(partnerListPath(endpoint, params), { signal });
  return { meta: answer.meta, data: 'data' in answer ? answer.data : answer.envelope.response.data };
}

/** A proxied list read, cached per query, with the last good answer kept while a retry runs. */
export function usePartnerList(endpoint: string, params: URLSearchParams, enabled = true) {
  return useQuery({
    queryKey: ['partner-list', endpoint, params.toString()],
    enabled,
    queryFn: ({ signal }) => fetchPartnerList(endpoint, params, signal),
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
}
