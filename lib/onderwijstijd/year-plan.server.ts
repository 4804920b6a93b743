import 'server-only';
import type { RightsReader } from '@/lib/partner-api/reader.server';
import { weeksBetween } from '@/lib/partner-api/reader.server';
import { dayEnd, dayStart } from '@/lib/partner-api/calendar';
import { fieldList } from '@/lib/partner-api/records';
import { formatIsoWeek, schoolYearOf, weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import { keptKey, keptWeek, stillHolds, windowKey, type KeptWeek } from './kept-weeks.server';
import { COUNTED_FIELDS } from './hours';
import type { Window } from './weeks';

// What a visit of the school year reads (issue 48): its reads of WEEKS_A_READ weeks, the windows
// each week is counted in, and the kept figures each read may be answered from — looked up before
// the visit is charged, so a week kept from an earlier visit is charged its check, not a read.

/** The counted fields, and `lastModified` to ask a kept read what changed since. */
export const YEAR_FIELDS = fieldList('appointments', [...COUNTED_FIELDS, 'lastModified']);

/** A week of the school year and the windows a visit needs of it. */
export interface WeekPlan {
  week: IsoWeek;
  label: string;
  whole: Window;
  year: Window;
  period: Window | null;
  windows: Window[];
}

/**
 * What is read, kept and asked what changed at once: WEEKS_A_READ consecutive weeks (from the school
 * year's first), their figures still a week at a time. Half as many reads as weeks: a second visit's
 * checks were most of its time, each a request on both sides.
 */
export interface Plan {
  label: string;
  whole: Window;
  weeks: WeekPlan[];
  windows: Window[];
}

const WEEKS_A_READ = 2;

const clip = (w: Window, by: Window): Window => ({ start: Math.max(w.start, by.start), end: Math.min(w.end, by.end) });

/** The school year `from` falls in, a read of WEEKS_A_READ weeks at a time, with the windows a visit for [from, to] needs. */
function plansOf(from: string, to: string, zone: string): Plan[] {
  const year = schoolYearOf(from);
  const inYear = { start: dayStart(`${year}-08-01`, zone), end: dayStart(`${year + 1}-08-01`, zone) };
  const asked = { start: dayStart(from, zone), end: dayEnd(to, zone) };
  const weeks = weeksBetween(`${year}-08-01`, `${year + 1}-07-31`, zone).map((week): WeekPlan => {
    const whole = weekWindow(week, zone);
    const y = clip(whole, inYear);
    const p = clip(whole, asked);
    const period = p.end > p.start ? p : null;
    return {
      week,
      label: formatIsoWeek(week),
      whole,
      year: y,
      period,
      windows: period && windowKey(period) !== windowKey(y) ? [y, period] : [y],
    };
  });
  const plans: Plan[] = [];
  for (let i = 0; i < weeks.length; i += WEEKS_A_READ) {
    const together = weeks.slice(i, i + WEEKS_A_READ);
    plans.push({
      label: `${together[0]!.label}..${together.at(-1)!.label}`,
      whole: { start: together[0]!.whole.start, end: together.at(-1)!.whole.end },
      weeks: together,
      windows: together.flatMap((w) => w.windows),
    });
  }
  return plans;
}

export type YearAsk = { from: string; to: string; now: number; types: readonly string[] };

/**
 * What a visit of the school year will read: its reads, and the kept figures each may be answered
 * from (looked up once, before the visit is charged, so a kept week is charged its cached cost).
 */
export interface YearPlan {
  plans: Plan[];
  key: string;
  /** The portal's incremental reading can say what changed: reads are kept as figures. */
  canKeep: boolean;
  kept: Map<string, KeptWeek>;
  /** Weeks the kept figures may answer (a read whose check finds a change is still read whole). */
  keptWeeks: number;
  weeks: number;
}

export async function planYear(reader: RightsReader, ask: YearAsk, zone: string): Promise<YearPlan> {
  const plans = plansOf(ask.from, ask.to, zone);
  const rights = reader.rights('appointments');
  // Kept only where the portal's incremental reading can say what changed (the spec's three rules).
  const canKeep =
    ['id', 'appointmentInstance', 'lastModified', 'hidden'].every((f) => rights?.readFields.includes(f)) &&
    ['modifiedSince', 'includeHidden'].every((f) => rights?.filterFields.includes(f));
  // Keyed by the fields this partner's rights read, as its query asks them: a partner granted fewer
  // (no `students`) never finds weeks kept from another's reads, which would show what it may not read.
  const granted = YEAR_FIELDS.filter((f) => rights?.readFields.includes(f));
  const key = keptKey(reader.active.target.baseUrl, reader.projects, ask.types, granted.join(','));
  /** A week's kept figures, where they fit what this visit needs: every window, still holding now. */
  const usable = (p: Plan, k: KeptWeek | null): KeptWeek | undefined =>
    k && p.windows.every((w) => k.windows[windowKey(w)]) && stillHolds(k, ask.now) ? k : undefined;
  const kept = new Map<string, KeptWeek>();
  if (canKeep)
    await Promise.all(
      plans.map(async (p) => {
        const k = usable(p, await keptWeek(key, p.label));
        if (k) kept.set(p.label, k);
      }),
    );
  const keptWeeks = plans.filter((p) => kept.has(p.label)).reduce((n, p) => n + p.weeks.length, 0);
  return { plans, key, canKeep, kept, keptWeeks, weeks: plans.reduce((n, p) => n + p.weeks.length, 0) };
}
