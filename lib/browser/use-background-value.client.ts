'use client';

import { startTransition, useEffect, useState } from 'react';

/**
 * A value that follows `value` in a transition: a new value (a week's data arriving) is rendered
 * after the urgent render that brought it has been painted, and that render is time-sliced: it
 * yields to the browser every few milliseconds instead of holding the main thread for the whole
 * list. Until it is done the previous value stands.
 *
 * Not useDeferredValue: React entangles the render it spawns with the update that spawned it, and a
 * query's data comes in a synchronous update (useSyncExternalStore), so that render is one
 * unbroken task too; an update inside startTransition is not entangled.
 */
export function useBackgroundValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    startTransition(() => setShown(() => value));
  }, [value]);
  return shown;
}

/**
 * `value` at once, except its first arrival, which follows in a transition (as useBackgroundValue):
 * a page's first answer arrives while the page is still starting (hydration, other reads) and its
 * render yields to the browser; every later value (the next week the person clicked for) is drawn
 * in the same render that brought it. A value there at mount is drawn at once.
 */
export function useFirstInBackground<T>(value: T | undefined): T | undefined {
  const [settled, setSettled] = useState(() => value !== undefined);
  useEffect(() => {
    if (value !== undefined && !settled) startTransition(() => setSettled(true));
  }, [value, settled]);
  return settled ? value : undefined;
}
