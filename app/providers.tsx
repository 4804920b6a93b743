'use client';

import type { ReactNode } from 'react';
import { ConnectionIdProvider } from '@/lib/api/connection.client';

/** The active connection, whose id starts every query key (the query cache itself is in app/(data)). */
export function Providers({ connectionId, children }: { connectionId: string | null; children: ReactNode }) {
  return <ConnectionIdProvider value={connectionId}>{children}</ConnectionIdProvider>;
}
