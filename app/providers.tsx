'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ConnectionIdProvider } from '@/lib/api/connection.client';

/** The query cache, and the active connection whose id starts every query key. */
export function Providers({ connectionId, children }: { connectionId: string | null; children: ReactNode }) {
  // One client per browser tab; created in state so a re-render never replaces the cache.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
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
