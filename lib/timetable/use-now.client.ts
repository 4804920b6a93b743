'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { isoDateOfDays, isoWeekOfDays, localAt, weekdayOfDays } from '@/lib/partner-api/calendar';
import type { IsoWeek } from '@/lib/partner-api/values';

// The current moment in the school's zone, to the minute: the grids' "now" line, today's day tab.
// null while rendering on the server and in the first render, so the page hydrates as rendered.

export interface Now {
  date: string;
  week: IsoWeek;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** Minutes after local midnight. */
  minute: number;
}

const subscribeMinutes = (tick: () => void) => {
  const timer = setInterval(tick, 15_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / 60_000);
const noMinute = () => null;

export function useNow(zone: string): Now | null {
  const minute = useSyncExternalStore(subscribeMinutes, currentMinute, noMinute);
  return useMemo(() => {
    if (minute === null) return null;
    const t = localAt(minute * 60, zone);
    if (!t) return null;
    return {
      date: isoDateOfDays(t.days),
      week: isoWeekOfDays(t.days),
      weekday: weekdayOfDays(t.days),
      minute: Math.floor(t.seconds / 60),
    };
  }, [minute, zone]);
}
