'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { PartnerRecord } from './schemas';

export interface ProxyList {
  data: PartnerRecord[];
  meta: { totalRows: number; unreadable: number; durationMs: number; request: string };
}

export const partnerListPath = (endpoint: string, params: URLSearchParams) => `/api/partner/${endpoint}?${params}`;

/** A proxied list read, cached per query, with the last good answer kept while a retry runs. */
export function usePartnerList(endpoint: string, params: URLSearchParams, enabled = true) {
  return useQuery({
    queryKey: ['partner-list', endpoint, params.toString()],
    enabled,
    queryFn: ({ signal }) => apiFetch<ProxyList>(partnerListPath(endpoint, params), { signal }),
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
}
