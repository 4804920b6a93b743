import { formatIsoWeek, parseWeek, type IsoWeek } from '@/lib/partner-api/values';

// What an overview URL says, one parser and one writer (links are shareable):
//   /timetable/overview?week=2026-W47&by=teacher&project=1261&q=bruijn&changes=1&day=3&free=4-u3&print=day
// `by`: whose rows (teacher, group or location); `day`: one ISO weekday instead of the whole week;
// `free`: the period the free-rooms list answers for (weekday-period); `print`: a week or a day per sheet.

export const OVERVIEW_KINDS = ['teacher', 'group', 'location'] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];

export interface FreeAt {
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  period: string;
}

export interface OverviewView {
  week: IsoWeek;
  by: OverviewKind;
  /** Empty: every granted project. */
  projects: number[];
  /** Search over row codes and names. */
  query: string;
  /** Only rows with a cancelled, changed or added item. */
  changesOnly: boolean;
  /** One day (ISO weekday) instead of the whole week; null: the whole week. */
  day: number | null;
  /** Which period the free-rooms list is about; null: now (or the first period). */
  free: FreeAt | null;
  /** Print a week per sheet, or each day on its own sheet. */
  print: 'week' | 'day';
}

type Params = { get(name: string): string | null };

const weekday = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 7 ? n : null;
};

export function readOverview(params: Params, today: IsoWeek): OverviewView {
  const by = params.get('by');
  const free = /^([1-7])-(.{1,20})$/.exec(params.get('free') ?? '');
  return {
    week: parseWeek(params.get('week') ?? '') ?? today,
    by: (OVERVIEW_KINDS as readonly string[]).includes(by ?? '') ? (by as OverviewKind) : 'teacher',
    projects: (params.get('project') ?? '')
      .split(',')
      .map((s) => Number(s))
      .filter((n) => Number.isInteger(n) && n > 0),
    query: (params.get('q') ?? '').slice(0, 100),
    changesOnly: params.get('changes') === '1',
    day: weekday(params.get('day')),
    free: free ? { weekday: Number(free[1]), period: free[2]! } : null,
    print: params.get('print') === 'day' ? 'day' : 'week',
  };
}

export function overviewQuery(view: OverviewView): string {
  const q = new URLSearchParams({ week: formatIsoWeek(view.week), by: view.by });
  if (view.projects.length > 0) q.set('project', view.projects.join(','));
  if (view.query) q.set('q', view.query);
  if (view.changesOnly) q.set('changes', '1');
  if (view.day !== null) q.set('day', String(view.day));
  if (view.free) q.set('free', `${view.free.weekday}-${view.free.period}`);
  if (view.print === 'day') q.set('print', 'day');
  return q.toString();
}
