import type { ResourceName } from '@/lib/partner-api/catalog';
import { largeLists } from '@/lib/partner-api/large-lists';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import { listParams } from '@/lib/partner-api/list-params';
import {
  dayEnd,
  dayStart,
  instantAt,
  isIsoDate,
  isoWeekOf,
  localAt,
  plusDays,
  readLocalDateTime,
} from '@/lib/partner-api/calendar';
import { inputDateTime } from '@/lib/format/dates';
import { addWeeks, formatWireWeek, parseWeek } from '@/lib/partner-api/values';

// The explorer's request in its URL: `fields=a,b`, one `p.<filter>=<value>` per filter, `project=`,
// and `run=1` once run, so a shared link shows the same request and answer.

export interface ExplorerRequest {
  fields: string[];
  filters: [string, string][];
  projects: number[];
  run: boolean;
}

type Params = {
  get(name: string): string | null;
  has(name: string): boolean;
  forEach(cb: (value: string, key: string) => void): void;
};

/** The other request of a comparison (same fields as the explorer's), and the match key. */
export interface CompareRequest {
  /** Its values of the explorer request's filters (by name; a filter it lacks keeps the request's value). */
  filters: [string, string][];
  projects: number[];
  /** The field records are matched on; null for the whole record, absent for the default. */
  key?: string | null;
}

function readFilters(params: Params, prefix: string): [string, string][] {
  const filters: [string, string][] = [];
  params.forEach((v, k) => {
    if (k.startsWith(prefix)) filters.push([k.slice(prefix.length), v]);
  });
  return filters;
}

const readProjects = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** A copy of `base` without the parameters `owned` says are rewritten. */
function keepOthers(base: URLSearchParams, owned: (key: string) => boolean): URLSearchParams {
  const out = new URLSearchParams();
  base.forEach((v, k) => {
    if (!owned(k)) out.append(k, v);
  });
  return out;
}

/**
 * The request in the URL. A list opened without one (no fields, no filters) starts on its defaults:
 * the granted supported fields and, where the endpoint can be bounded by date, this week. A link
 * that names its fields but no bound of a list that is never read whole (`unbounded`, see
 * `lacksBounds`), as an integrator shares it, takes the same window: it runs, where it would be refused.
 */
export function readRequest(
  params: Params,
  defaultFields: string[],
  defaultFilters: [string, string][] = [],
  unbounded: (filters: readonly [string, string][]) => boolean = () => false,
): ExplorerRequest {
  const filters = readFilters(params, 'p.');
  const fresh = !params.has('fields') && filters.length === 0;
  return {
    fields: params.get('fields')?.split(',').filter(Boolean) ?? defaultFields,
    filters: fresh ? defaultFilters : unbounded(filters) ? [...filters, ...defaultFilters] : filters,
    projects: readProjects(params.get('project')),
    run: params.get('run') === '1',
  };
}

export function writeRequest(base: URLSearchParams, r: ExplorerRequest): URLSearchParams {
  const out = keepOthers(base, (k) => k.startsWith('p.') || ['fields', 'project', 'run'].includes(k));
  out.set('fields', r.fields.join(','));
  for (const [k, v] of r.filters) out.set(`p.${k}`, v);
  if (r.projects.length > 0) out.set('project', r.projects.join(','));
  if (r.run) out.set('run', '1');
  return out;
}

/** The comparison in the URL (`vs=1`, `vs.p.<filter>`, `vs.project`, `vs.key`), so a link shows it too. */
export function readCompare(params: Params): CompareRequest | null {
  if (params.get('vs') !== '1') return null;
  return {
    filters: readFilters(params, 'vs.p.'),
    projects: readProjects(params.get('vs.project')),
    ...(params.has('vs.key') ? { key: params.get('vs.key') || null } : {}),
  };
}

export function writeCompare(base: URLSearchParams, c: CompareRequest | null): URLSearchParams {
  const out = keepOthers(base, (k) => k === 'vs' || k.startsWith('vs.'));
  if (!c) return out;
  out.set('vs', '1');
  for (const [k, v] of c.filters) out.set(`vs.p.${k}`, v);
  if (c.projects.length > 0) out.set('vs.project', c.projects.join(','));
  if (c.key !== undefined) out.set('vs.key', c.key ?? '');
  return out;
}

/** Filters moved by whole weeks: timestamps and dates by 7 days in the school's zone, ISO weeks by one. */
export function shiftFilters(
  filters: readonly [string, string][],
  typeOf: (name: string) => FieldType | undefined,
  weeks: number,
  zone: string,
): [string, string][] {
  return filters.map(([name, value]) => {
    const type = typeOf(name);
    const local = type === 'timestamp' && /^\d+$/.test(value) ? localAt(Number(value), zone) : null;
    // The same time of day, `weeks` weeks on (across a DST switch that is an hour more or less).
    if (local) return [name, String(instantAt(local.days + 7 * weeks, local.seconds, zone))];
    if (type === 'date' && isIsoDate(value)) return [name, plusDays(value, 7 * weeks)];
    const week = type === 'week' && /^\d{6}$/.test(value) ? parseWeek(value) : undefined;
    if (week) return [name, formatWireWeek(addWeeks(week, weeks))];
    return [name, value];
  });
}

/** Whether moving by weeks changes anything in these filters. */
export const canShiftWeeks = (filters: readonly [string, string][], typeOf: (name: string) => FieldType | undefined) =>
  filters.some(([name]) => ['timestamp', 'date', 'week'].includes(typeOf(name) ?? ''));

/**
 * The other request of a comparison: the explorer request's fields and filters, each filter with the
 * comparison's value where it has one (so a filter added to the request later counts for both).
 */
export function otherRequestOf(request: ExplorerRequest, other: CompareRequest): ExplorerRequest {
  return {
    ...request,
    filters: request.filters.map(([k, v]) => [k, other.filters.find(([ok]) => ok === k)?.[1] ?? v]),
    projects: other.projects,
  };
}

/** The filters with one filter's value replaced. */
export const withFilterValue = (
  filters: readonly [string, string][],
  name: string,
  value: string,
): [string, string][] => filters.map(([k, v]) => [k, k === name ? value : v]);

/** The proxy query of an explorer request. */
export function proxyParams(r: ExplorerRequest): URLSearchParams {
  return listParams(r.fields, r.projects, r.filters);
}

/**
 * The request as the portal gets it (`GET https://…/api/<endpoint>?…`), in the proxy's order:
 * the projects (none chosen: every granted one), the fields, the filters. What the explorer shows
 * as the request and its code where there is no answer to read it from (a failed read).
 */
export function portalRequest(
  baseUrl: string,
  endpoint: ResourceName,
  r: ExplorerRequest,
  granted: readonly number[],
): string {
  const query = new URLSearchParams();
  const projects = r.projects.length > 0 ? r.projects : granted;
  if (projects.length > 0) query.set('schoolInSchoolYear', projects.join(','));
  query.set('fields', r.fields.join(','));
  for (const [k, v] of r.filters) query.set(k, v);
  return `GET ${baseUrl}/${endpoint}?${query.toString()}`;
}

/** An input's value in the wire form the filter takes (timestamps as Unix seconds in the school's zone). */
export function toWire(type: FieldType, input: string, zone: string): string {
  if (type === 'timestamp' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(input))
    return String(readLocalDateTime(input, zone) ?? NaN);
  if (type === 'week') {
    const m = /^(\d{4})-W(\d{2})$/.exec(input);
    if (m) return `${m[1]}${m[2]}`;
  }
  return input;
}

export function fromWire(type: FieldType, value: string, zone: string): string {
  if (type === 'timestamp' && /^\d+$/.test(value)) return inputDateTime(Number(value), zone);
  if (type === 'week' && /^\d{6}$/.test(value)) return `${value.slice(0, 4)}-W${value.slice(4)}`;
  return value;
}

/**
 * Whether these filters leave a list the proxy reads only within bounds (the catalogue's
 * `largeLists`: appointments) without any: neither end of its window nor an identity filter.
 */
export function lacksBounds(endpoint: ResourceName, filters: readonly [string, string][]): boolean {
  const large = largeLists[endpoint];
  if (!large) return false;
  const bounds: readonly string[] = [...large.window, ...large.orOneOf];
  return !filters.some(([name]) => bounds.includes(name));
}

/** The filter pairs that bound a list by date, in the order they are tried: a window of moments, days or weeks. */
const WINDOW_FILTERS = [
  ['start', 'end'],
  ['startDate', 'endDate'],
  ['startWeek', 'endWeek'],
] as const;

/**
 * This week as the endpoint's first date-window filter pair the partner may use, in wire values
 * (moments from Monday 00:00 to the next Monday 00:00 in the school's zone, days Monday to
 * Sunday, or the ISO week twice); none where the endpoint has no such pair.
 */
export function weekWindowFilters(
  canFilter: (name: string) => boolean,
  typeOf: (name: string) => FieldType | undefined,
  week: { from: string; to: string },
  zone: string,
): [string, string][] {
  const pair = WINDOW_FILTERS.find(([from, to]) => canFilter(from) && canFilter(to));
  if (!pair) return [];
  const value = (name: string, day: string, end: boolean) => {
    const type = typeOf(name);
    if (type === 'timestamp') return String(end ? dayEnd(day, zone) : dayStart(day, zone));
    if (type === 'week') {
      const week = isoWeekOf(day);
      return week ? formatWireWeek(week) : day;
    }
    return day;
  };
  return [
    [pair[0], value(pair[0], week.from, false)],
    [pair[1], value(pair[1], week.to, true)],
  ];
}
