'use client';

import { useState, useSyncExternalStore } from 'react';
import { connectionStorageKey } from '@/lib/browser/connection-storage.client';

// "New since": by default the moment of the person's previous visit to the changes page, kept in
// this browser per connection. The visit is recorded once per page load; the previous one is what
// the page compares with (a chosen moment overrides it until the page is left).

const key = (connectionId: string) => connectionStorageKey('changes-last-visit', connectionId);

/** Read once per page load and connection: reading also records this visit. */
const previousVisits = new Map<string, number | null>();

function previousVisit(connectionId: string): number | null {
  if (!previousVisits.has(connectionId)) {
    let previous: number | null = null;
    try {
      const stored = Number(localStorage.getItem(key(connectionId)));
      previous = Number.isFinite(stored) && stored > 0 ? stored : null;
      localStorage.setItem(key(connectionId), String(Math.floor(Date.now() / 1000)));
    } catch {
      // Storage refused (private mode): no previous visit.
    }
    previousVisits.set(connectionId, previous);
  }
  return previousVisits.get(connectionId)!;
}

const noSubscription = () => () => {};

/** The moment changes count as new from (unix seconds), undefined before the browser has said. */
export function useNewSince(connectionId: string) {
  const lastVisit = useSyncExternalStore(
    noSubscription,
    () => previousVisit(connectionId),
    () => undefined,
  );
  const [picked, setPicked] = useState<number | null>(null);
  return { since: picked ?? lastVisit, lastVisit, picked, setPicked };
}
