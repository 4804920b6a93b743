'use client';

import { useCallback, useRef, useState } from 'react';

// Code a page's first view does not need (a table's sorting engine, a dialog), fetched when a person
// reaches for it. Not React.lazy: a lazy component that failed to load (offline, or a tab older than
// a deploy) stays failed and throws to the page's error screen; here a failure is a state the
// component shows, with a retry. Loaded modules are kept per loader, so a component mounted again
// (a table moved in the page) has its code at once.

const loaded = new Map<() => Promise<unknown>, unknown>();

/** Forgets what was loaded (tests: each starts as a first visit, before any code has arrived). */
export function forgetLoadedCode(): void {
  loaded.clear();
}

export interface CodeOnDemand<M> {
  /** The module, once loaded. */
  module: M | null;
  /** The last load failed; `ask` tries again. */
  failed: boolean;
  /** Starts the load (once; again after a failure). */
  ask: () => void;
}

/** `load` must be one module-level function per module (it keys the cache). */
export function useCodeOnDemand<M>(load: () => Promise<M>): CodeOnDemand<M> {
  const [state, setState] = useState<{ module: M | null; failed: boolean }>(() => ({
    module: (loaded.get(load) as M | undefined) ?? null,
    failed: false,
  }));
  const asking = useRef(false);
  const ask = useCallback(() => {
    if (asking.current) return;
    if (loaded.has(load)) {
      // Loaded meanwhile by another component (a second table on the page).
      setState((now) => (now.module ? now : { module: loaded.get(load) as M, failed: false }));
      return;
    }
    asking.current = true;
    load().then(
      (module) => {
        loaded.set(load, module);
        setState({ module, failed: false });
      },
      () => {
        asking.current = false;
        setState({ module: null, failed: true });
      },
    );
  }, [load]);
  return { ...state, ask };
}
