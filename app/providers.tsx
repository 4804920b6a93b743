'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ConnectionIdProvider } from '@/lib/api/connection.client';
import { ApiError } from '@/lib/api/http.client';

/** A 429 (too many heavy reads at once) is waited out as its Retry-After says, a few times. */
const busy = (error: unknown) => error instanceof ApiError && error.status === 429;
const retry = (count: number, error: unknown) => count < (busy(error) ? 3 : 1);
const retryDelay = (count: number, error: unknown) =>
  busy(error) && (error as ApiError).retryAfter
    ? (error as ApiError).retryAfter! * 1000
    : Math.min(1000 * 2 ** count, 30_000);

/** The query cache, and the active connection whose id starts every query key. */
export function Providers({ connectionId, children }: { connectionId: string | null; children: ReactNode }) {
  // One client per browser tab; created in state so a re-render never replaces the cache.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry, retryDelay, refetchOnWindowFocus: false } },
      }),
  );
  // Switching portals or disconnecting drops what was read for any other connection.
  useEffect(() => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== connectionId });
  }, [client, connectionId]);
  return (
    <QueryClientProvider client={client}>
      <ConnectionIdProvider value={connectionId}>{children}</ConnectionIdProvider>
    </QueryClientProvider>
  );
}
