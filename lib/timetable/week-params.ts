import { NARROW_PARAM, type PageAnswer, type ProxyList } from '@/lib/api/contract';
import { listParams } from '@/lib/partner-api/list-params';
import type { RecordOf } from '@/lib/partner-api/records';
import { weekWindow, type IsoWeek } from '@/lib/partner-api/values';
import type { WeekPlan } from './fields';

// The one proxied request of a week view, shared by the page and the ICS export.

export interface WeekQueryInput {
  week: IsoWeek;
  zone: string;
  projects: number[];
  plan: WeekPlan;
}

export function weekParams({ week, zone, projects, plan }: WeekQueryInput): URLSearchParams {
  const { start, end } = weekWindow(week, zone);
  const params = listParams(plan.fields, projects, { start: String(start), end: String(end), ...plan.filters });
  if (plan.narrow) params.set(NARROW_PARAM, `${plan.narrow.field}:${plan.narrow.value}`);
  return params;
}

/** The week a page came with (read on the server for the view its address names, `firstWeek`). */
export type FirstWeek = PageAnswer<ProxyList<RecordOf<'appointments'>>>;
