import { catalog, fieldSpec, filterSpec, type ResourceName } from '../../lib/partner-api/catalog';
import type { FieldType } from '../../lib/partner-api/catalog-types';
import { formatWireWeek, parseWeek, readDate } from '../../lib/partner-api/values';
import { PortalError } from './envelope';
import type { Partner } from './partners';

// Reading a list request the way the portal does: required parameters, rights (endpoint, project,
// field, filter), then typed values. Errors name what was wrong; nothing is guessed.

export type FilterValue = number | string | boolean;

export interface ListQuery {
  resource: ResourceName;
  projects: number[];
  fields: string[];
  /** Filters on fields of the same name: any of the values. */
  fieldFilters: { name: string; type: FieldType; values: FilterValue[] }[];
  /** Extra filters (not fields), by name. */
  extras: Map<string, FilterValue[]>;
}

const LONG = /^-?\d{1,18}$/;
const ID = /^\d{1,18}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Splits a comma-separated value and reads each item as the type asks. */
export function readValues(name: string, type: FieldType, raw: string): FilterValue[] {
  const items = raw.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw new PortalError(
      400,
      `Empty value in parameter ${name}`,
      `Give ${name} as a comma-separated list without empty items.`,
    );
  return items.map((item) => {
    switch (type) {
      case 'integer':
        if (!LONG.test(item)) throw bad(name, item, 'a whole number');
        return Number(item);
      // An id or a time is never negative.
      case 'long':
      case 'long[]':
      case 'timestamp':
        if (!ID.test(item))
          throw bad(name, item, type === 'timestamp' ? 'a Unix timestamp in seconds' : 'a whole number of 0 or more');
        return Number(item);
      case 'float':
      case 'percentage':
        if (!NUMBER.test(item)) throw bad(name, item, 'a number');
        return Number(item);
      case 'boolean':
        if (item !== 'true' && item !== 'false') throw bad(name, item, 'true or false');
        return item === 'true';
      case 'date': {
        const date = readDate(item);
        if (!date) throw bad(name, item, 'a date (YYYY-MM-DD)');
        return date;
      }
      case 'week': {
        const week = parseWeek(item);
        if (!week) throw bad(name, item, 'an ISO week (YYYYWW)');
        return formatWireWeek(week);
      }
      case 'json':
      case 'json[]':
        throw new PortalError(
          400,
          `The sandbox does not simulate filtering on ${name}`,
          'Filters on JSON fields are not part of the simulation.',
        );
      default:
        return item;
    }
  });
}

function bad(name: string, value: string, expected: string) {
  return new PortalError(400, `Invalid value for ${name}`, `"${value.slice(0, 60)}" is not ${expected}.`);
}

/** Fields the sandbox serves beyond the catalogue (newer than the spec document). */
export const EXTRA_FIELDS: Partial<Record<ResourceName, readonly string[]>> = {
  users: ['isStudent', 'isEmployee'],
};

export function parseListQuery(resource: ResourceName, params: URLSearchParams, partner: Partner): ListQuery {
  const rights = partner.endpoints[resource];
  if (!rights)
    throw new PortalError(
      403,
      `No rights for endpoint ${resource}`,
      `Partner "${partner.name}" may not use /${resource}.`,
    );
  for (const key of new Set(params.keys())) {
    if (params.getAll(key).length > 1)
      throw new PortalError(
        400,
        `Parameter ${key} given more than once`,
        'Give several values comma-separated in one parameter.',
      );
  }
  for (const required of ['schoolInSchoolYear', 'fields']) {
    if (!params.get(required))
      throw new PortalError(
        400,
        `Missing required parameter: ${required}`,
        `Every request to /${resource} needs ${required}; valid values are listed by /partners/~me.`,
      );
  }
  const projects = readValues('schoolInSchoolYear', 'long', params.get('schoolInSchoolYear')!) as number[];
  const refusedProjects = projects.filter((id) => !partner.schoolInSchoolYears.includes(id));
  if (refusedProjects.length > 0)
    throw new PortalError(
      403,
      `No rights for schoolInSchoolYear ${refusedProjects.join(', ')}`,
      'Use the project ids listed by /partners/~me.',
    );

  const fields = params
    .get('fields')!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new PortalError(400, 'Missing required parameter: fields', 'Name at least one field.');
  const known = new Set([...catalog[resource].fields.map((f) => f.name), ...(EXTRA_FIELDS[resource] ?? [])]);
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length > 0)
    throw new PortalError(
      400,
      `Unknown field(s) for ${resource}: ${unknown.join(', ')}`,
      'Field names are case-sensitive.',
    );
  const unreadable = fields.filter((f) => !rights.readFields.includes(f));
  if (unreadable.length > 0)
    throw new PortalError(
      403,
      `No rights to read field(s): ${unreadable.join(', ')}`,
      `Partner "${partner.name}" may read ${rights.readFields.length} fields of /${resource}.`,
    );

  const fieldFilters: ListQuery['fieldFilters'] = [];
  const extras = new Map<string, FilterValue[]>();
  const unknownParams: string[] = [];
  const refusedFilters: string[] = [];
  for (const [name, raw] of params) {
    if (name === 'fields' || name === 'schoolInSchoolYear') continue;
    const asField = fieldSpec(resource, name);
    const asExtra = filterSpec(resource, name);
    if (!(asField?.filterable || asExtra)) {
      unknownParams.push(name);
      continue;
    }
    if (!rights.filterFields.includes(name)) {
      refusedFilters.push(name);
      continue;
    }
    const spec = asField?.filterable ? asField : asExtra!;
    const values = readValues(name, spec.type, raw);
    const outside = spec.allowedValues ? values.find((v) => !spec.allowedValues!.includes(String(v))) : undefined;
    if (outside !== undefined)
      throw new PortalError(
        400,
        `Invalid value for ${name}`,
        `"${String(outside).slice(0, 60)}" is not one of ${spec.allowedValues!.join(', ')}.`,
      );
    const range = 'range' in spec ? spec.range : undefined;
    const beyond = range && values.find((v) => typeof v === 'number' && (v < range.min || v > (range.max ?? Infinity)));
    if (beyond !== undefined)
      throw new PortalError(
        400,
        `Invalid value for ${name}`,
        `${beyond} is not ${range!.max === undefined ? `${range!.min} or more` : `from ${range!.min} to ${range!.max}`}.`,
      );
    if (asField?.filterable) fieldFilters.push({ name, type: asField.type, values });
    else extras.set(name, values);
  }
  if (unknownParams.length > 0)
    throw new PortalError(
      400,
      `Unknown parameter(s) for ${resource}: ${unknownParams.join(', ')}`,
      'Filters are filterable fields or the extra filters of the endpoint.',
    );
  if (refusedFilters.length > 0)
    throw new PortalError(
      403,
      `No rights to filter on: ${refusedFilters.join(', ')}`,
      `Partner "${partner.name}" may filter /${resource} on: ${rights.filterFields.join(', ')}.`,
    );
  return { resource, projects, fields, fieldFilters, extras };
}
