'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';

// Page state lives in the URL so a view can be shared. React state holds it for instant
// updates; every change is written to the address bar (History API, no server round trip), and
// back/forward read it again. Writers start from the current address, so several pieces of state
// on one page never overwrite each other.

export function replaceQuery(query: URLSearchParams | string): void {
  window.history.replaceState(null, '', `${window.location.pathname}?${query.toString()}`);
}

export function pushQuery(query: URLSearchParams | string): void {
  window.history.pushState(null, '', `${window.location.pathname}?${query.toString()}`);
}

export function useQueryState<T>(
  read: (params: URLSearchParams) => T,
  write: (base: URLSearchParams, value: T) => URLSearchParams,
): [T, (next: T) => void] {
  const search = useSearchParams();
  const [value, setValue] = useState(() => read(new URLSearchParams(search.toString())));
  useEffect(() => {
    const onPop = () => setValue(read(new URLSearchParams(window.location.search)));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // `read` is a pure parser; the listener only needs the latest on each event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      replaceQuery(write(new URLSearchParams(window.location.search), next));
    },
    [write],
  );
  return [value, set];
}
