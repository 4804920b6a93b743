import { z } from 'zod';
import { ownValue } from './records';
import { catalog, fieldSpec, filterSpec, type ResourceName } from './catalog';
import type { FieldType } from './catalog-types';
import { formatWireWeek, parseWeek, readDate } from './values';
import { NARROW_PARAM } from '@/lib/api/contract';

// Validates a query for Rooster's proxy against the catalogue and the partner's rights before
// anything goes upstream: unknown names are 400s, names outside the rights 403s, and every
// value is checked against its field's type. Pure, so it is tested without a server.

export interface EndpointRights {
  readFields: readonly string[];
  filterFields: readonly string[];
}

export type ProxyQuery = { ok: true; query: URLSearchParams } | { ok: false; status: 400 | 403; message: string };

const fail = (status: 400 | 403, message: string): ProxyQuery => ({ ok: false, status, message });

const NAME = /^[A-Za-z][A-Za-z0-9_~]{0,63}$/;
const list = (item: RegExp) => new RegExp(`^${item.source}(,${item.source})*$`);
const INT = /-?\d{1,18}/;
const NUM = /-?\d{1,15}(\.\d{1,10})?/;
const printable = z
  .string()
  .min(1, 'needs a value')
  .max(4000, 'is too long')
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'holds control characters');

/** The schema of a (comma-separated) filter value of a catalogue type; output is the upstream form. */
export function filterValueSchema(type: FieldType): z.ZodType<string, string> {
  switch (type) {
    case 'long':
    case 'integer':
    case 'long[]':
      return printable.regex(list(INT), 'must be whole numbers, comma-separated');
    case 'timestamp':
      return printable.regex(list(INT), 'must be a Unix time in seconds, e.g. 1794783600');
    case 'float':
    case 'percentage':
      return printable.regex(list(NUM), 'must be numbers, comma-separated');
    case 'boolean':
      return printable.regex(/^(true|false)$/, 'must be true or false');
    case 'date':
      return eachItem(readDate, 'must be a date as YYYY-MM-DD');
    case 'week':
      return eachItem((item) => {
        const week = parseWeek(item);
        return week ? formatWireWeek(week) : undefined;
      }, 'must be an ISO week as YYYYWW, e.g. 202647');
    default:
      return printable;
  }
}

/** A comma-separated list whose items are read (and rewritten) one by one; one unreadable item fails it. */
function eachItem(read: (item: string) => string | null | undefined, message: string): z.ZodType<string, string> {
  return printable.transform((v, ctx) => {
    const items = v.split(',').map(read);
    if (items.some((x) => !x)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return items.join(',');
  });
}

const entriesSchema = z
  .array(z.tuple([z.string(), z.string()]))
  .max(64, 'Too many parameters.')
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    for (const [name] of entries) {
      if (!NAME.test(name))
        ctx.addIssue({ code: 'custom', message: `"${name.slice(0, 40)}" is not a parameter name.` });
      else if (seen.has(name))
        ctx.addIssue({
          code: 'custom',
          message: `The parameter ${name} is given more than once; give several values comma-separated.`,
        });
      seen.add(name);
    }
  });

function readEntries(params: URLSearchParams): Map<string, string> | ProxyQuery {
  const parsed = entriesSchema.safeParse([...params.entries()]);
  if (!parsed.success) return fail(400, parsed.error.issues[0]!.message);
  return new Map(parsed.data);
}

function checkValue(name: string, type: FieldType, raw: string): string | ProxyQuery {
  const parsed = filterValueSchema(type).safeParse(raw);
  return parsed.success ? parsed.data : fail(400, `${name} ${parsed.error.issues[0]!.message}.`);
}

/** Projects to ask for: the given ones (all granted) or, when none are given, every granted one. */
function readProjects(raw: string | undefined, granted: readonly number[]): string | ProxyQuery {
  if (raw === undefined) {
    if (granted.length === 0) return fail(403, 'Your partner rights include no project (schoolInSchoolYear).');
    return granted.join(',');
  }
  const checked = checkValue('schoolInSchoolYear', 'long', raw);
  if (typeof checked !== 'string') return checked;
  const refused = checked.split(',').filter((id) => !granted.includes(Number(id)));
  if (refused.length > 0) return fail(403, `Your partner rights do not include project ${refused.join(', ')}.`);
  return checked;
}

export function buildListQuery(
  resource: ResourceName,
  params: URLSearchParams,
  rights: EndpointRights | undefined,
  projects: readonly number[],
): ProxyQuery {
  if (!rights) return fail(403, `Your partner rights do not include /${resource}.`);
  const entries = readEntries(params);
  if (!(entries instanceof Map)) return entries;
  const out = new URLSearchParams();

  const sisy = readProjects(entries.get('schoolInSchoolYear'), projects);
  if (typeof sisy !== 'string') return sisy;
  out.set('schoolInSchoolYear', sisy);

  const wanted = entries.has('fields')
    ? entries
        .get('fields')!
        .split(',')
        .map((f) => f.trim())
    : [...rights.readFields];
  if (wanted.length === 0 || wanted.some((f) => !NAME.test(f)))
    return fail(400, 'fields must be field names, comma-separated.');
  const known = new Set<string>(catalog[resource].fields.map((f) => f.name));
  const unknown = wanted.filter((f) => !known.has(f) && !rights.readFields.includes(f));
  if (unknown.length > 0)
    return fail(400, `/${resource} has no field ${unknown.join(', ')} (names are case-sensitive).`);
  const refused = wanted.filter((f) => !rights.readFields.includes(f));
  if (refused.length > 0)
    return fail(403, `Your partner rights do not include reading ${refused.join(', ')} of /${resource}.`);
  out.set('fields', wanted.join(','));

  for (const [name, raw] of entries) {
    if (name === 'schoolInSchoolYear' || name === 'fields') continue;
    const field = fieldSpec(resource, name);
    const filter = filterSpec(resource, name);
    const type = field?.filterable ? field.type : filter?.type;
    if (!type && !rights.filterFields.includes(name)) return fail(400, `/${resource} has no filter ${name}.`);
    if (!rights.filterFields.includes(name))
      return fail(403, `Your partner rights do not include filtering /${resource} on ${name}.`);
    const value = checkValue(name, type ?? 'string', raw);
    if (typeof value !== 'string') return value;
    out.set(name, value);
  }
  return { ok: true, query: out };
}

export function buildLiveScheduleQuery(
  params: URLSearchParams,
  rights: EndpointRights | undefined,
  projects: readonly number[],
): ProxyQuery {
  if (!rights) return fail(403, 'Your partner rights do not include /liveschedule.');
  const entries = readEntries(params);
  if (!(entries instanceof Map)) return entries;
  const extra = [...entries.keys()].filter((k) => !['student', 'week', 'schoolInSchoolYear', 'fields'].includes(k));
  if (extra.length > 0)
    return fail(400, `/liveschedule takes student, week, schoolInSchoolYear and fields, not ${extra.join(', ')}.`);
  const student = entries.get('student');
  if (!student) return fail(400, 'student is required: the student’s user code.');
  const studentOk = printable.regex(/^[^,]+$/).safeParse(student);
  if (!studentOk.success) return fail(400, 'student must be one user code.');
  const week = checkValue('week', 'week', entries.get('week') ?? '');
  if (typeof week !== 'string') return week;
  const project = entries.get('schoolInSchoolYear');
  if (!project || !/^\d{1,18}$/.test(project))
    return fail(400, 'schoolInSchoolYear is required: one project id (a whole number).');
  const sisy = readProjects(project, projects);
  if (typeof sisy !== 'string') return sisy;
  const out = new URLSearchParams({ student, week, schoolInSchoolYear: sisy });
  const fields = entries.get('fields');
  if (fields) {
    const wanted = fields.split(',').map((f) => f.trim());
    if (wanted.some((f) => !NAME.test(f))) return fail(400, 'fields must be field names, comma-separated.');
    const refused = wanted.filter((f) => !rights.readFields.includes(f));
    if (refused.length > 0)
      return fail(403, `Your partner rights do not include reading ${refused.join(', ')} of /liveschedule.`);
    out.set('fields', wanted.join(','));
  }
  return { ok: true, query: out };
}

/** Rooster's own `only=<field>:<value>`: which records of a list read the browser gets. */
export interface Narrowing {
  field: string;
  value: string;
}

export type NarrowedQuery =
  | { ok: true; params: URLSearchParams; narrowing: Narrowing | null }
  | { ok: false; status: 400 | 403; message: string };

/**
 * Takes `only=` out of a list query (it never goes upstream) and makes sure the narrowed field is
 * read, so the proxy can keep just the records of one group, room or person.
 */
export function takeNarrowing(
  resource: ResourceName,
  params: URLSearchParams,
  rights: EndpointRights | undefined,
): NarrowedQuery {
  const given = params.getAll(NARROW_PARAM);
  if (given.length === 0) return { ok: true, params, narrowing: null };
  if (given.length > 1)
    return { ok: false, status: 400, message: `Give ${NARROW_PARAM} once: one field and one value.` };
  const raw = given[0]!;
  const rest = new URLSearchParams(params);
  rest.delete(NARROW_PARAM);
  const colon = raw.indexOf(':');
  const field = colon > 0 ? raw.slice(0, colon) : '';
  const value = colon > 0 ? raw.slice(colon + 1) : '';
  if (!NAME.test(field) || !printable.safeParse(value).success)
    return { ok: false, status: 400, message: `${NARROW_PARAM} must be <field>:<value>, e.g. groups:4h1.` };
  if (!fieldSpec(resource, field) && !rights?.readFields.includes(field))
    return { ok: false, status: 400, message: `/${resource} has no field ${field} to narrow on.` };
  if (rights && !rights.readFields.includes(field))
    return { ok: false, status: 403, message: `Your partner rights do not include reading ${field} of /${resource}.` };
  const fields = rest.get('fields');
  if (fields !== null && !fields.split(',').some((f) => f.trim() === field)) rest.set('fields', `${fields},${field}`);
  return { ok: true, params: rest, narrowing: { field, value } };
}

/** The records a narrowing keeps: the value among an array field's items, or equal to a scalar. */
export function narrowRows<T extends Readonly<Record<string, unknown>>>(rows: T[], narrowing: Narrowing | null): T[] {
  if (!narrowing) return rows;
  const { field, value } = narrowing;
  return rows.filter((r) => {
    const v = ownValue(r, field);
    return Array.isArray(v) ? v.some((x) => String(x) === value) : v !== null && v !== undefined && String(v) === value;
  });
}
