'use client';

import { useQuery } from '@tanstack/react-query';
import type { ProxyList } from './contract';
import { NO_CONNECTION, useConnectionId } from './connection.client';
import { apiFetch } from './http.client';
import { partnerKeys, partnerPaths } from './proxy-paths.client';

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
