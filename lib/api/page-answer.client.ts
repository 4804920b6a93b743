'use client';

import { useState } from 'react';
import type { PageAnswer } from './contract';
import { useConnectionId } from './connection.client';

/**
 * A page's first answer as a query's initial data, while the page asks for what it was read for,
 * of the connection the browser's queries belong to: an answer read for another portal (switched in
 * another tab, the page reached by a client-side navigation) is never filed under this one's keys.
 * Once the page asks for something else it is done with: going back later reads afresh rather than
 * drawing the page's older answer again.
 */
export function usePageAnswer<T>(
  first: PageAnswer<T> | null | undefined,
  key: string,
): { initialData?: T; initialDataUpdatedAt?: number } {
  const connectionId = useConnectionId();
  const [kept, setKept] = useState(first ?? null);
  if (kept && kept.key !== key) setKept(null);
  return kept && kept.key === key && kept.connectionId === connectionId
    ? { initialData: kept.answer, initialDataUpdatedAt: kept.readAt }
    : {};
}
