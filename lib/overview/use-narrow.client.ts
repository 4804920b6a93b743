import { useSyncExternalStore } from 'react';

// The overview shows one day at a time below this width.
const NARROW = '(max-width: 1023px)';
const subscribeNarrow = (change: () => void) => {
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', change);
  return () => media.removeEventListener('change', change);
};
const isNarrow = () => window.matchMedia(NARROW).matches;
const notNarrow = () => false;

/** True on a narrow screen (never on the server). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow, notNarrow);
}
