import { DateTime } from 'luxon';
import type { FieldType } from '@/lib/partner-api/catalog-types';
import { listParams } from '@/lib/partner-api/list-params';
import { inputDateTime } from '@/lib/format/dates';

// The explorer's request in its URL: `fields=a,b`, one `p.<filter>=<value>` per filter, `project=`,
// and `run=1` once run, so a shared link shows the same request and answer.

export interface ExplorerRequest {
  fields: string[];
  filters: [string, string][];
  projects: number[];
  run: boolean;
}

type Params = { get(name: string): string | null; forEach(cb: (value: string, key: string) => void): void };

export function readRequest(params: Params, defaultFields: string[]): ExplorerRequest {
  const filters: [string, string][] = [];
  params.forEach((v, k) => {
    if (k.startsWith('p.')) filters.push([k.slice(2), v]);
  });
  const fields = params.get('fields')?.split(',').filter(Boolean) ?? defaultFields;
  const projects = (params.get('project') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return { fields, filters, projects, run: params.get('run') === '1' };
}

export function writeRequest(base: URLSearchParams, r: ExplorerRequest): URLSearchParams {
  const out = new URLSearchParams();
  base.forEach((v, k) => {
    if (!k.startsWith('p.') && !['fields', 'project', 'run'].includes(k)) out.append(k, v);
  });
  out.set('fields', r.fields.join(','));
  for (const [k, v] of r.filters) out.set(`p.${k}`, v);
  if (r.projects.length > 0) out.set('project', r.projects.join(','));
  if (r.run) out.set('run', '1');
  return out;
}

/** The proxy query of an explorer request. */
export function proxyParams(r: ExplorerRequest): URLSearchParams {
  return listParams(r.fields, r.projects, r.filters);
}

/** An input's value in the wire form the filter takes (timestamps as Unix seconds in the school's zone). */
export function toWire(type: FieldType, input: string, zone: string): string {
  if (type === 'timestamp' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(input))
    return String(DateTime.fromISO(input, { zone }).toUnixInteger());
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
