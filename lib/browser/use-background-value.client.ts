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
