import { formatIsoWeek, type IsoWeek } from '@/lib/partner-api/values';
import type { Now } from './use-now.client';

/**
 * The weekday a week page shows alone: the one asked for (the URL's `day`) where the week has it;
 * else, where only one day fits, today in the week shown or its first day; else none (the week).
 * One rule for the timetable and the overview.
 */
export function shownDay(
  asked: number | null,
  oneAtATime: boolean,
  days: readonly { weekday: number }[],
  now: Pick<Now, 'week' | 'weekday'> | null,
  week: IsoWeek,
): number | null {
  if (asked !== null && days.some((d) => d.weekday === asked)) return asked;
  if (!oneAtATime) return null;
  const today = now !== null && formatIsoWeek(now.week) === formatIsoWeek(week) ? now.weekday : null;
  return days.find((d) => d.weekday === today)?.weekday ?? days[0]?.weekday ?? null;
}

/** What a week page's server saw, for the page's first paint (the timetable's and the overview's). */
export interface FirstPaint {
  /** The server's guess that the browser is a phone's: the first paint's layout. */
  handheld?: boolean;
  /** Today's ISO weekday in the school's zone. */
  todayWeekday?: number;
}

/**
 * Today as the server saw it (`todayWeekday` of a week page's config): what the page's first paint
 * and its hydration show until the browser's clock is read (`useNow` is null until then).
 */
export function serverToday(config: FirstPaint & { today: IsoWeek }): Pick<Now, 'week' | 'weekday'> | null {
  return config.todayWeekday === undefined ? null : { week: config.today, weekday: config.todayWeekday };
}
