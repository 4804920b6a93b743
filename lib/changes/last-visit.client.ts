'use client';

import { useEffect, useState } from 'react';
import { lastVisitCookie } from './last-visit';

// The visit is recorded once per page load; the previous one is what the page compares with, for
// the whole page load (going to another day and back keeps it), and a chosen moment overrides it
// until the page is left.

/** Per page load and connection, in the browser only (on the server this would be every user's). */
const previousVisits = new Map<string, number | null>();
const recorded = new Set<string>();

function recordVisit(connectionId: string) {
  if (recorded.has(connectionId)) return;
  recorded.add(connectionId);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${lastVisitCookie(connectionId)}=${Math.floor(Date.now() / 1000)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** The moment changes count as new from (Unix seconds); null on a first visit with nothing picked. */
export function useNewSince(connectionId: string, previousVisit: number | null) {
  const [lastVisit] = useState(() => {
    if (typeof window === 'undefined') return previousVisit;
    if (!previousVisits.has(connectionId)) previousVisits.set(connectionId, previousVisit);
    return previousVisits.get(connectionId)!;
  });
  useEffect(() => recordVisit(connectionId), [connectionId]);
  const [picked, setPicked] = useState<number | null>(null);
  return { since: picked ?? lastVisit, lastVisit, picked, setPicked };
}
