import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import type { IsoWeek } from '@/lib/partner-api/values';
import { overviewQuery, readOverview, type OverviewView } from '@/lib/timetable/overview/view';
import { pushQuery, replaceQuery } from '@/lib/url-state.client';

/**
 * The view in React state for instant updates (typing in the search never waits for the router),
 * written to the address bar on every change; back/forward and links to another view read it again.
 */
export function useOverviewUrl(today: IsoWeek) {
  const search = useSearchParams();
  const searchKey = search.toString();
  const [state, setState] = useState(() => ({
    view: readOverview(search, today),
    seen: searchKey,
    written: [searchKey],
  }));
  // The router reports addresses a moment later than they were written: only an address this
  // page did not write (a link, back or forward) replaces the view.
  if (searchKey !== state.seen) {
    setState({
      view: state.written.includes(searchKey) ? state.view : readOverview(search, today),
      seen: searchKey,
      written: state.written,
    });
  }
  useEffect(() => {
    const onPop = () => {
      const params = new URLSearchParams(window.location.search);
      setState((s) => ({ ...s, view: readOverview(params, today), written: [...s.written, params.toString()] }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [today]);
  const write = useCallback((next: OverviewView, push: boolean) => {
    const query = overviewQuery(next);
    setState((s) => ({ ...s, view: next, written: [...s.written.slice(-30), query] }));
    (push ? pushQuery : replaceQuery)(query);
  }, []);
  const go = useCallback((next: OverviewView) => write(next, true), [write]);
  const replace = useCallback((next: OverviewView) => write(next, false), [write]);
  return { view: state.view, go, replace };
}
