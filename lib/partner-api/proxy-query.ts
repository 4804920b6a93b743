import { z } from 'zod';
import { ownValue } from './records';
import { catalog, fieldSpec, filterSpec, type ResourceName } from './catalog';
import { largeLists } from './large-lists';
import type { FieldType } from './catalog-types';
import { formatWireWeek, parseWeek, readDate, readTimestamp } from './values';
import { NARROW_PARAM } from '@/lib/api/contract';
import { apiText, inEnglish, type ApiKey, type ApiText } from '@/lib/api/api-text';

// Validates a query for Rooster's proxy against the catalogue and the partner's rights before
// anything goes upstream: unknown names are 400s, names outside the rights 403s, and every
// value is checked against its field's type. Pure, so it is tested without a server. A refusal
// carries its words as `text` (said in the reader's language by the route) and in English as `message`.

export interface EndpointRights {
  readFields: readonly string[];
  filterFields: readonly string[];
}

/** A refused query: its status, its words, and those words in English. */
export interface QueryRefusal {
  ok: false;
  status: 400 | 403;
  message: string;
  text: ApiText;
}

export type ProxyQuery = { ok: true; query: URLSearchParams } | QueryRefusal;

const refusal = (status: 400 | 403, text: ApiText): QueryRefusal => ({
  ok: false,
  status,
  message: inEnglish(text),
  text,
});
const fail = (status: 400 | 403, key: ApiKey, values?: ApiText['values']): ProxyQuery =>
  refusal(status, apiText(key, values));

// The value schemas' messages are keys of `proxy.value`, said with the parameter's name.
type ValueKey = Extract<ApiKey, `proxy.value.${string}`>;
const valueKey = (key: ValueKey) => key;

const NAME = /^[A-Za-z][A-Za-z0-9_~]{0,63}$/;
const list = (item: RegExp) => new RegExp(`^${item.source}(,${item.source})*$`);
const INT = /-?\d{1,18}/;
const NUM = /-?\d{1,15}(\.\d{1,10})?/;
const printable = z
  .string()
  .min(1, valueKey('proxy.value.missing'))
  .max(4000, valueKey('proxy.value.tooLong'))
  .regex(/^[^\u0000-\u001f\u007f]*$/, valueKey('proxy.value.controlCharacters'));

/** Made once per type: every proxied read checks its values against these. */
const valueSchemas = new Map<FieldType, z.ZodType<string, string>>();

/**
 * The schema of a (comma-separated) filter value of a catalogue type; output is the upstream form.
 * Its messages are `proxy.value` keys, to be said with the parameter's name.
 */
export function filterValueSchema(type: FieldType): z.ZodType<string, string> {
  let schema = valueSchemas.get(type);
  if (!schema) valueSchemas.set(type, (schema = valueSchemaOf(type)));
  return schema;
}

function valueSchemaOf(type: FieldType): z.ZodType<string, string> {
  switch (type) {
    case 'long':
    case 'integer':
    case 'long[]':
      return printable.regex(list(INT), valueKey('proxy.value.wholeNumbers'));
    case 'timestamp':
      return printable.regex(list(INT), valueKey('proxy.value.unixTime'));
    case 'float':
    case 'percentage':
      return printable.regex(list(NUM), valueKey('proxy.value.numbers'));
    case 'boolean':
      return printable.regex(/^(true|false)$/, valueKey('proxy.value.boolean'));
    case 'date':
      return eachItem(readDate, 'proxy.value.date');
    case 'week':
      return eachItem((item) => {
        const week = parseWeek(item);
        return week ? formatWireWeek(week) : undefined;
      }, 'proxy.value.week');
    default:
      return printable;
  }
}

/** A comma-separated list whose items are read (and rewritten) one by one; one unreadable item fails it. */
function eachItem(read: (item: string) => string | null | undefined, message: ValueKey): z.ZodType<string, string> {
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
  .max(64, 'proxy.tooManyParameters' satisfies ApiKey)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    for (const [name] of entries) {
      if (!NAME.test(name))
        ctx.addIssue({
          code: 'custom',
          message: 'proxy.notParameterName' satisfies ApiKey,
          params: { name: name.slice(0, 40) },
        });
      else if (seen.has(name))
        ctx.addIssue({ code: 'custom', message: 'proxy.givenTwice' satisfies ApiKey, params: { name } });
      seen.add(name);
    }
  });

function readEntries(params: URLSearchParams): Map<string, string> | ProxyQuery {
  const parsed = entriesSchema.safeParse([...params.entries()]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const values = issue.code === 'custom' ? (issue.params as { name: string } | undefined) : undefined;
    return fail(400, issue.message as ApiKey, values);
  }
  return new Map(parsed.data);
}

function checkValue(name: string, type: FieldType, raw: string): string | ProxyQuery {
  const parsed = filterValueSchema(type).safeParse(raw);
  return parsed.success ? parsed.data : fail(400, parsed.error.issues[0]!.message as ValueKey, { name });
}

/** Projects to ask for: the given ones (all granted) or, when none are given, every granted one. */
function readProjects(raw: string | undefined, granted: readonly number[]): string | ProxyQuery {
  if (raw === undefined) {
    if (granted.length === 0) return fail(403, 'proxy.noProject');
    return granted.join(',');
  }
  const checked = checkValue('schoolInSchoolYear', 'long', raw);
  if (typeof checked !== 'string') return checked;
  const refused = checked.split(',').filter((id) => !granted.includes(Number(id)));
  if (refused.length > 0) return fail(403, 'proxy.projectRefused', { projects: refused.join(', ') });
  return checked;
}

export function buildListQuery(
  resource: ResourceName,
  params: URLSearchParams,
  rights: EndpointRights | undefined,
  projects: readonly number[],
): ProxyQuery {
  if (!rights) return fail(403, 'proxy.endpointRefused', { resource });
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
  if (wanted.length === 0 || wanted.some((f) => !NAME.test(f))) return fail(400, 'proxy.fieldNames');
  const known = new Set<string>(catalog[resource].fields.map((f) => f.name));
  const unknown = wanted.filter((f) => !known.has(f) && !rights.readFields.includes(f));
  if (unknown.length > 0) return fail(400, 'proxy.noField', { resource, fields: unknown.join(', ') });
  const refused = wanted.filter((f) => !rights.readFields.includes(f));
  if (refused.length > 0) return fail(403, 'proxy.readRefused', { resource, fields: refused.join(', ') });
  out.set('fields', wanted.join(','));

  for (const [name, raw] of entries) {
    if (name === 'schoolInSchoolYear' || name === 'fields') continue;
    const field = fieldSpec(resource, name);
    const filter = filterSpec(resource, name);
    const type = field?.filterable ? field.type : filter?.type;
    if (!type && !rights.filterFields.includes(name)) return fail(400, 'proxy.noFilter', { resource, name });
    if (!rights.filterFields.includes(name)) return fail(403, 'proxy.filterRefused', { resource, name });
    const value = checkValue(name, type ?? 'string', raw);
    if (typeof value !== 'string') return value;
    out.set(name, value);
  }
  return { ok: true, query: out };
}

/**
 * A read of a list the catalogue marks as large must be bounded: both ends of its window (at most
 * `maxDays` apart) or one of the identity filters. Checked on the query as it goes upstream
 * (after buildListQuery); the exports bound their reads themselves, week by week.
 */
export function unboundedRead(resource: ResourceName, query: URLSearchParams): QueryRefusal | null {
  const large = largeLists[resource];
  if (!large || large.orOneOf.some((name) => query.has(name))) return null;
  const [from, to] = large.window;
  const start = readTimestamp(query.get(from));
  const end = readTimestamp(query.get(to));
  const bounds = { resource, start: from, end: to, days: large.maxDays, alternatives: large.orOneOf.join(', ') };
  if (typeof start !== 'number' || typeof end !== 'number') return refusal(400, apiText('proxy.unbounded', bounds));
  if (end - start > large.maxDays * 86_400) return refusal(400, apiText('proxy.windowTooLong', bounds));
  return null;
}

export function buildLiveScheduleQuery(
  params: URLSearchParams,
  rights: EndpointRights | undefined,
  projects: readonly number[],
): ProxyQuery {
  if (!rights) return fail(403, 'proxy.endpointRefused', { resource: 'liveschedule' });
  const entries = readEntries(params);
  if (!(entries instanceof Map)) return entries;
  const extra = [...entries.keys()].filter((k) => !['student', 'week', 'schoolInSchoolYear', 'fields'].includes(k));
  if (extra.length > 0) return fail(400, 'proxy.liveParameters', { extra: extra.join(', ') });
  const student = entries.get('student');
  if (!student) return fail(400, 'proxy.studentRequired');
  const studentOk = printable.regex(/^[^,]+$/).safeParse(student);
  if (!studentOk.success) return fail(400, 'proxy.studentOne');
  const week = checkValue('week', 'week', entries.get('week') ?? '');
  if (typeof week !== 'string') return week;
  const project = entries.get('schoolInSchoolYear');
  if (!project) return fail(400, 'proxy.projectRequired');
  if (!/^\d{1,18}$/.test(project)) return fail(400, 'proxy.projectOne', { value: project.slice(0, 40) });
  const sisy = readProjects(project, projects);
  if (typeof sisy !== 'string') return sisy;
  const out = new URLSearchParams({ student, week, schoolInSchoolYear: sisy });
  const fields = entries.get('fields');
  if (fields) {
    const wanted = fields.split(',').map((f) => f.trim());
    if (wanted.some((f) => !NAME.test(f))) return fail(400, 'proxy.fieldNames');
    const refused = wanted.filter((f) => !rights.readFields.includes(f));
    if (refused.length > 0)
      return fail(403, 'proxy.readRefused', { resource: 'liveschedule', fields: refused.join(', ') });
    out.set('fields', wanted.join(','));
  }
  return { ok: true, query: out };
}

/** Rooster's own `only=<field>:<value>`: which records of a list read the browser gets. */
export interface Narrowing {
  field: string;
  value: string;
}

export type NarrowedQuery = { ok: true; params: URLSearchParams; narrowing: Narrowing | null } | QueryRefusal;

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
  if (given.length > 1) return refusal(400, apiText('proxy.narrowOnce', { param: NARROW_PARAM }));
  const raw = given[0]!;
  const rest = new URLSearchParams(params);
  rest.delete(NARROW_PARAM);
  const colon = raw.indexOf(':');
  const field = colon > 0 ? raw.slice(0, colon) : '';
  const value = colon > 0 ? raw.slice(colon + 1) : '';
  if (!NAME.test(field) || !printable.safeParse(value).success)
    return refusal(400, apiText('proxy.narrowForm', { param: NARROW_PARAM }));
  if (!fieldSpec(resource, field) && !rights?.readFields.includes(field))
    return refusal(400, apiText('proxy.narrowNoField', { resource, field }));
  if (rights && !rights.readFields.includes(field))
    return refusal(403, apiText('proxy.readRefused', { resource, fields: field }));
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
