'use client';

import type { ReactNode } from 'react';
import { ConnectionIdProvider, NO_CONNECTION } from '@/lib/api/connection.client';
import { useConnectionCheckOnHistory } from '@/lib/connection/api.client';

/** The active connection, whose id starts every query key (the query cache itself is in app/(data)). */
export function Providers({ connectionId, children }: { connectionId: string | null; children: ReactNode }) {
  useConnectionCheckOnHistory(connectionId ?? NO_CONNECTION);
  return <ConnectionIdProvider value={connectionId}>{children}</ConnectionIdProvider>;
}
