import { mondayOfDate, plusDays } from '@/lib/partner-api/calendar';
import { schoolYearStart } from '@/lib/partner-api/values';
import type { CoverSettings } from './types';

// The fairness window: over which days the covers so far are counted, for the day asked about.

/**
 * The fairness window's first day and the day after its last (ISO), for a date. A custom window
 * that does not hold the date (ended, or not begun) falls back to the term, and says so.
 */
export function windowOf(settings: CoverSettings, date: string): { from: string; to: string; fellBack?: boolean } {
  const monday = mondayOfDate(date);
  if (settings.window === 'custom' && settings.from && settings.to) {
    if (settings.from <= date && date <= settings.to) return { from: settings.from, to: settings.to };
    return { ...windowOf({ ...settings, window: 'term' }, date), fellBack: true };
  }
  if (settings.window === 'twoWeeks') return { from: plusDays(monday, -7), to: date };
  // A term: the ten weeks up to this one, never before the school year's first day (1 August).
  if (settings.window === 'term') {
    const yearStart = schoolYearStart(date);
    const tenWeeks = plusDays(monday, -63);
    return { from: tenWeeks > yearStart ? tenWeeks : yearStart, to: date };
  }
  return { from: monday, to: date };
}

/** The fairness report's default period: this school year (from 1 August) up to the date. */
export function schoolYearSoFar(date: string): { from: string; to: string } {
  return { from: schoolYearStart(date), to: date };
}
