import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';

// A table's sort, search and filters in the URL (so a view can be shared), one form for all:
//   ?sort=lastName.asc,start.desc&q=jansen&f.type=lesson,exam&f.start=2026-11-01..2026-11-30

type Params = { get(name: string): string | null; forEach(cb: (value: string, key: string) => void): void };

export type FilterKind = 'text' | 'enum' | 'boolean' | 'date' | 'number';

export interface TableUrlState {
  sorting: SortingState;
  search: string;
  filters: ColumnFiltersState;
}

/** A date-range filter value. */
export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * `prefix` keeps a second table on one page apart (`cmp.sort`, `cmp.q`, `cmp.f.type`); the page's
 * main table has none.
 */
export function readTableState(params: Params, kinds: ReadonlyMap<string, FilterKind>, prefix = ''): TableUrlState {
  const sorting: SortingState = (params.get(`${prefix}sort`) ?? '')
    .split(',')
    .map((s) => /^([\w~-]+)\.(asc|desc)$/.exec(s.trim()))
    .filter((m): m is RegExpExecArray => m !== null && kinds.has(m[1]!))
    .map((m) => ({ id: m[1]!, desc: m[2] === 'desc' }));
  const filters: ColumnFiltersState = [];
  params.forEach((value, key) => {
    if (!key.startsWith(`${prefix}f.`)) return;
    const id = key.slice(prefix.length + 2);
    const kind = kinds.get(id);
    if (!kind || !value) return;
    if (kind === 'enum' || kind === 'boolean') filters.push({ id, value: value.split(',').filter(Boolean) });
    else if (kind === 'date') {
      const [from, to] = value.split('..');
      filters.push({ id, value: { from: from || undefined, to: to || undefined } satisfies DateRange });
    } else filters.push({ id, value });
  });
  return { sorting, search: params.get(`${prefix}q`) ?? '', filters };
}

export function writeTableState(base: URLSearchParams, state: TableUrlState, prefix = ''): URLSearchParams {
  const out = new URLSearchParams();
  base.forEach((v, k) => {
    if (k !== `${prefix}sort` && k !== `${prefix}q` && !k.startsWith(`${prefix}f.`)) out.append(k, v);
  });
  if (state.sorting.length > 0)
    out.set(`${prefix}sort`, state.sorting.map((s) => `${s.id}.${s.desc ? 'desc' : 'asc'}`).join(','));
  if (state.search) out.set(`${prefix}q`, state.search);
  for (const f of state.filters) {
    const v = f.value;
    if (Array.isArray(v)) {
      if (v.length > 0) out.set(`${prefix}f.${f.id}`, v.join(','));
    } else if (v && typeof v === 'object') {
      const r = v as DateRange;
      if (r.from || r.to) out.set(`${prefix}f.${f.id}`, `${r.from ?? ''}..${r.to ?? ''}`);
    } else if (typeof v === 'string' && v) out.set(`${prefix}f.${f.id}`, v);
  }
  return out;
}

/** The comparable day (YYYY-MM-DD) of a date or Unix-seconds value, in the zone. */
export function dayOf(value: unknown, zone: string): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  if (typeof value === 'number')
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(value * 1000);
  return null;
}

export function inRange(day: string | null, range: DateRange): boolean {
  if (!day) return false;
  if (range.from && day < range.from) return false;
  if (range.to && day > range.to) return false;
  return true;
}
