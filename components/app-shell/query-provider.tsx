'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useConnectionId } from '@/lib/api/connection.client';
import { getQueryClient } from '@/lib/api/query-client.client';

/** The query cache for the pages that read the portal in the browser; keys start with the connection id. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const client = getQueryClient();
  const connectionId = useConnectionId();
  // Switching portals or disconnecting drops what was read for any other connection.
  useEffect(() => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== connectionId });
  }, [client, connectionId]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
