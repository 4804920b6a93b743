'use client';

import type { ReactNode } from 'react';
import { ConnectionIdProvider } from '@/lib/api/connection.client';
import { HandheldProvider } from '@/lib/browser/use-media.client';

/**
 * The active connection, whose id starts every query key (the query cache itself is in app/(data)),
 * and the server's guess that the browser is a phone's (the first paint's layout).
 */
export function Providers({
  connectionId,
  handheld,
  children,
}: {
  connectionId: string | null;
  handheld: boolean;
  children: ReactNode;
}) {
  return (
    <ConnectionIdProvider value={connectionId}>
      <HandheldProvider value={handheld}>{children}</HandheldProvider>
    </ConnectionIdProvider>
  );
}
