import { weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import type { WeekPlan } from './fields';
import { listParams } from '@/lib/partner-api/list-params';

// The one proxied request of a week view, shared by the page and the ICS export.

export interface WeekQueryInput {
  week: IsoWeek;
  zone: string;
  projects: number[];
  plan: WeekPlan;
}

export function weekParams({ week, zone, projects, plan }: WeekQueryInput): URLSearchParams {
  const { start, end } = weekWindow(week, zone);
  return listParams(plan.fields, projects, { start: String(start), end: String(end), ...plan.filters });
}
