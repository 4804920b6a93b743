// Types of the spec catalogue, and the lookups over one endpoint's part of it (what a browser page
// is handed). Kept apart from the data so the sandbox, the app, the browser and tests can share them
// without pulling in the catalogue.

/** The spec's type words, verbatim. */
export type FieldType =
  | 'long'
  | 'integer'
  | 'float'
  | 'boolean'
  | 'string'
  | 'string[]'
  | 'long[]'
  | 'json'
  | 'json[]'
  | 'uuid'
  | 'timestamp'
  | 'date'
  | 'week'
  | 'percentage';

export const FIELD_TYPES: readonly FieldType[] = [
  'long',
  'integer',
  'float',
  'boolean',
  'string',
  'string[]',
  'long[]',
  'json',
  'json[]',
  'uuid',
  'timestamp',
  'date',
  'week',
  'percentage',
];

/** A pointer "ref <resource>.<field>" as the spec writes it. */
export interface RefSpec {
  resource: string;
  field: string;
}

/** Inclusive bounds; `max` absent means "no upper bound" (the spec's `-`). */
export interface RangeSpec {
  min: number;
  max?: number;
}

/** "do not use" or "do not use; use X instead". */
export interface DeprecationSpec {
  /** What to use instead, when the spec names it. */
  replacement?: { kind: 'field' | 'filter' | 'endpoint'; name: string };
  note: string;
}

export interface FieldSpec {
  name: string;
  type: FieldType;
  /** False where the spec gives no type ("types: not shown"); `type` is then our best reading. */
  typeShown: boolean;
  /** A request parameter of the same name filters on the field. */
  filterable: boolean;
  supported: boolean;
  requiredAtCreate?: boolean;
  immutable?: boolean;
  ref?: RefSpec;
  allowedValues?: readonly string[];
  range?: RangeSpec;
  notes?: string;
  deprecated?: DeprecationSpec;
}

/** An extra request parameter that is not a field of the same name. */
export interface FilterSpec {
  name: string;
  type: FieldType;
  supported: boolean;
  meaning?: string;
  ref?: RefSpec;
  allowedValues?: readonly string[];
}

export interface ResourceSpec {
  /** The resource name, also its path segment. */
  name: string;
  /** A short human title ("appointment versions"). */
  title: string;
  fields: readonly FieldSpec[];
  filters: readonly FilterSpec[];
  /** The spec shows only part of the resource ("not shown" for the rest). */
  partial: boolean;
  partialNote?: string;
}

/**
 * One endpoint's fields and filters: what a page in the browser needs of the catalogue, handed to
 * it by the server (the whole catalogue, every endpoint's, stays off the page).
 */
export type EndpointSpecs = Pick<ResourceSpec, 'fields' | 'filters'>;

/** A field's spec among an endpoint's. */
export function fieldSpecIn(specs: EndpointSpecs, name: string): FieldSpec | undefined {
  return specs.fields.find((f) => f.name === name);
}

/** A filter's own spec among an endpoint's. */
export function filterSpecIn(specs: EndpointSpecs, name: string): FilterSpec | undefined {
  return specs.filters.find((f) => f.name === name);
}

/** What a filter parameter takes: a field's spec (most filters are fields), else the filter's own. */
export function filterOrFieldSpecIn(specs: EndpointSpecs, name: string): FieldSpec | FilterSpec | undefined {
  return fieldSpecIn(specs, name) ?? filterSpecIn(specs, name);
}

export type EndpointKind = 'list' | 'liveschedule' | 'partner' | 'token';

export interface ParamSpec {
  name: string;
  type: FieldType;
  required: boolean;
  meaning: string;
}

export interface EndpointSpec {
  /** The name used in `/partners/~me` `endpoints[].endpoint` and in our routes. */
  name: string;
  method: 'GET' | 'POST';
  /** Relative to `{base_url}` (which ends in `/api`). */
  path: `/${string}`;
  kind: EndpointKind;
  params: readonly ParamSpec[];
  response: string;
  /** The resource whose records a list endpoint returns. */
  resource?: string;
}

/** A resource the spec only points at (through `ref`); its shape is not shown. */
export interface ReferencedResourceSpec {
  name: string;
  /** Listed by the spec among "Resources only referenced"; false for names only seen in a ref. */
  listedBySpec: boolean;
  note: string;
}
