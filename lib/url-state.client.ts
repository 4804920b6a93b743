'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';

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
  const searchKey = useSearchParams().toString();
  // The value with the query it belongs to: our own writes update it at once; any other change of
  // the address (a link to this page with another query, back/forward) reads the URL again.
  const [state, setState] = useState(() => ({ key: searchKey, value: read(new URLSearchParams(searchKey)) }));
  let current = state;
  if (state.key !== searchKey) {
    current = { key: searchKey, value: read(new URLSearchParams(searchKey)) };
    setState(current);
  }
  const set = useCallback(
    (next: T) => {
      const query = write(new URLSearchParams(window.location.search), next);
      setState({ key: query.toString(), value: next });
      replaceQuery(query);
    },
    [write],
  );
  return [current.value, set];
}
