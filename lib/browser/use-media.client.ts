'use client';

import { useSyncExternalStore } from 'react';

// Whether a media query matches, following the screen as it turns or resizes. On the server and
// while hydrating it is the server's guess from the request (`handheld`: a phone's browser says it
// is one, lib/platform/handheld.server.ts), so a phone gets its own layout in the first paint and
// the page hydrates as it was rendered; a wrong guess is put right just after.

/** Below Tailwind's `md`: a phone held upright. */
export const PHONE = '(max-width: 767px)';
/** Below Tailwind's `lg`: a phone or a small tablet. */
export const NARROW = '(max-width: 1023px)';

/**
 * `query` is one of the small-screen queries above (a phone matches each); `handheld`: the server's
 * guess that the browser is a phone's (what a page's first paint shows).
 */
export function useMediaQuery(query: typeof PHONE | typeof NARROW, handheld = false): boolean {
  return useSyncExternalStore(
    (change) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', change);
      return () => media.removeEventListener('change', change);
    },
    () => window.matchMedia(query).matches,
    () => handheld,
  );
}

const noChange = () => () => undefined;

/**
 * True while the page renders on the server and while it hydrates what the server sent; false in a
 * render of the browser's own (a week drawn after a click). A component that sizes its first view by
 * the window uses the server's choice while hydrating, so the page hydrates as it was rendered.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
}
