'use client';

import { connectionCookieOf } from './connection-cookie';

// What this browser keeps per connection (the home page's last views, the explorer's history, the
// changes page's last visit, table columns) lives in localStorage under `rooster:<area>:<connection
// id>`, so it can be found and removed when the connection is gone: a shared computer shows the
// next person nothing of the last one's portal.

const KEY = /^rooster:([^:]+):([A-Za-z0-9_-]+)$/;
/** Forms no longer read (keys before the connection id came last; the last visit, now a cookie): removed. */
const FORMER = /^rooster(\.(changes\.lastVisit|table)\.|:changes-last-visit:)/;

export const STORAGE_CHANGE = 'rooster:storage';

/** The localStorage key of one area's data for one connection. */
export const connectionStorageKey = (area: string, connectionId: string) => `rooster:${area}:${connectionId}`;

/** Removes what this browser keeps for every connection that is not one of `kept`. */
export function forgetOtherConnections(kept: readonly string[]): void {
  try {
    const gone: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const id = key ? KEY.exec(key)?.[2] : undefined;
      if (key && ((id && !kept.includes(id)) || FORMER.test(key))) gone.push(key);
    }
    forgetOtherCookies(kept);
    if (gone.length === 0) return;
    for (const key of gone) localStorage.removeItem(key);
    // Lists shown on this page follow (the storage event only reaches other tabs).
    window.dispatchEvent(new Event(STORAGE_CHANGE));
  } catch {
    // Storage refused (private mode): nothing was kept either.
  }
}

/** The cookies kept per connection (`connection-cookie.ts`) of every connection not in `kept`. */
function forgetOtherCookies(kept: readonly string[]) {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    const of = connectionCookieOf(name);
    if (of && !kept.includes(of.connectionId)) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
