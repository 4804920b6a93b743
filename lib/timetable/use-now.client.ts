'use client';

import { DateTime } from 'luxon';
import { useMemo, useSyncExternalStore } from 'react';
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
    const t = DateTime.fromMillis(minute * 60_000).setZone(zone);
    return {
      date: t.toISODate()!,
      week: { year: t.weekYear, week: t.weekNumber },
      weekday: t.weekday,
      minute: t.hour * 60 + t.minute,
    };
  }, [minute, zone]);
}
