'use client';

import { useEffect } from 'react';
import { NO_CONNECTION } from '@/lib/api/connection.client';
import { apiFetch } from '@/lib/api/http.client';

// The connection routes' addresses as the browser calls them (connect, the demo's code, switch,
// disconnect, reveal, which is active), and the check a page brought back by the browser's history makes: a page made for one connection never stays up under another (or
// none), as after disconnecting in another tab and pressing Back here.

export const connectionPaths = {
  /** POST: connect with a one-time code or a token. */
  connect: () => '/api/connections',
  /** POST: the embedded demo portal's one-time code. */
  demoCode: () => '/api/demo-code',
  /** POST: make another of the session's connections the active one. */
  activate: (id: string) => `/api/connections/${encodeURIComponent(id)}/activate`,
  /** DELETE: disconnect. */
  remove: (id: string) => `/api/connections/${encodeURIComponent(id)}`,
  /** POST: the token, once. */
  reveal: (id: string) => `/api/connections/${encodeURIComponent(id)}/reveal`,
  /** GET: the cookie's active connection id. */
  active: () => '/api/connections/active',
};

/** Whether the cookie's active connection is still `connectionId` (NO_CONNECTION: none). */
async function stillActive(connectionId: string): Promise<boolean> {
  const answer = await apiFetch<{ data: { activeId: string | null } }>(connectionPaths.active());
  return (answer.data.activeId ?? NO_CONNECTION) === connectionId;
}

/**
 * On a history navigation (Back, Forward, a page restored from the back-forward cache) the page
 * asks which connection is active; another one, or none, reloads it, so the server renders what
 * this cookie opens now. A failed check changes nothing: the page's own reads say what went wrong.
 */
export function useConnectionCheckOnHistory(connectionId: string): void {
  useEffect(() => {
    const check = () =>
      void stillActive(connectionId).then(
        (same) => same || window.location.reload(),
        () => undefined,
      );
    const onShow = (e: PageTransitionEvent) => e.persisted && check();
    window.addEventListener('popstate', check);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('popstate', check);
      window.removeEventListener('pageshow', onShow);
    };
  }, [connectionId]);
}
