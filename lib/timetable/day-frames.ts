import { dayStartOfDays, isoDateOfDays, localAt, mondayOfIsoWeek, zoneOffset } from '@/lib/partner-api/calendar';
import type { IsoWeek } from '@/lib/partner-api/values';

// The week's seven days in the school's zone (midnights, whether the offset holds all day) and a
// moment's wall-clock minutes in its day: the calendar work of the layout, done once per week.

export interface DayFrame {
  weekday: number;
  date: string;
  midnight: number;
  next: number;
  /** No DST switch that day: local minutes are plain arithmetic. */
  steady: boolean;
}

const framesSeen = new Map<string, DayFrame[]>();

/** The week's seven days in the zone (the calendar's work, done once per week and zone). */
export function frames(week: IsoWeek, zone: string): DayFrame[] {
  const key = `${zone} ${week.year} ${week.week}`;
  const seen = framesSeen.get(key);
  if (seen) return seen;
  const monday = mondayOfIsoWeek(week);
  const week7 = Array.from({ length: 7 }, (_, i) => {
    const midnight = dayStartOfDays(monday + i, zone);
    const next = dayStartOfDays(monday + i + 1, zone);
    return {
      weekday: i + 1,
      date: isoDateOfDays(monday + i),
      midnight,
      next,
      steady: zoneOffset(midnight, zone) === zoneOffset(next - 1, zone),
    };
  });
  remember(framesSeen, key, week7);
  return week7;
}

/** Sets a key of a small cache, forgetting the oldest beyond CACHE_SIZE. */
export function remember<K, V>(cache: Map<K, V>, key: K, value: V) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

/** Weeks (and their days) the layout remembers: a page shows one or two at a time. */
const CACHE_SIZE = 32;

export function localMinutes(t: number, frame: DayFrame, zone: string): number {
  if (frame.steady) return (t - frame.midnight) / 60;
  const local = localAt(t, zone);
  return local ? Math.floor(local.seconds) / 60 : NaN;
}
