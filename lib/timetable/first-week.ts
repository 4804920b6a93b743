import type { IsoWeek } from '@/lib/partner-api/values';
import { planWeek, type AppointmentRights } from './fields';
import { readView } from './view';
import { weekParams } from './week-params';

/**
 * What a timetable page reads on the server to be sent with its week (its grid in the page's HTML):
 * the browser's own read of the view the address names (the same parameters, so the same key), or
 * null. Only a view the proxy narrows from the school's week (`plan.narrow`: a group's, a room's, and a
 * person's where the rights have no filter that selects it upstream): the school's own week is
 * megabytes, and a week the portal selects upstream is drawn with the school's period grid read
 * beside it in the browser.
 */
export function firstWeekParams(
  settings: { zone: string; rights: AppointmentRights; liveSchedule: boolean; today: IsoWeek },
  search: URLSearchParams,
): URLSearchParams | null {
  const view = readView(search, settings.today);
  const live = view.live && settings.liveSchedule && view.subject.kind === 'student';
  const plan = planWeek(view.subject, settings.rights);
  if (live || plan.cannotSelect !== null || plan.narrow === null) return null;
  return weekParams({ week: view.week, zone: settings.zone, projects: view.projects, plan });
}
