'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { rememberView } from '@/lib/home/recent-views.client';

/** Remembers each view (its URL) for the home page's "last viewed", per connection. */
export function ViewRecorder() {
  const connectionId = useConnectionId();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    if (connectionId !== NO_CONNECTION) rememberView(connectionId, search ? `${pathname}?${search}` : pathname);
  }, [connectionId, pathname, search]);
  return null;
}
