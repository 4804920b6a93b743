'use client';

import { useEffect } from 'react';
import { forgetOtherConnections } from '@/lib/browser/connection-storage.client';

/**
 * Removes what this browser kept for connections the session no longer holds: disconnected,
 * replaced by a reconnect, expired or disconnected elsewhere. Renders nothing.
 */
export function BrowserDataKeeper({ connectionIds }: { connectionIds: readonly string[] }) {
  const kept = connectionIds.join(',');
  useEffect(() => {
    forgetOtherConnections(kept ? kept.split(',') : []);
  }, [kept]);
  return null;
}
