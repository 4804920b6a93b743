'use client';

import { useSyncExternalStore } from 'react';

// Whether a media query matches, following the screen as it turns or resizes. On the server and
// in the first render it does not match, so the page hydrates as it was rendered.

/** Below Tailwind's `md`: a phone held upright. */
export const PHONE = '(max-width: 767px)';
/** Below Tailwind's `lg`: a phone or a small tablet. */
export const NARROW = '(max-width: 1023px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', change);
      return () => media.removeEventListener('change', change);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
