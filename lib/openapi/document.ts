import { endpointByName, fieldSpec, filterSpec, isResourceName, type ResourceName } from '@/lib/partner-api/catalog';
import type { FieldSpec, FieldType, FilterSpec } from '@/lib/partner-api/catalog-types';
import type { Partner } from '@/lib/partner-api/schemas';
import { largeLists } from '@/lib/partner-api/large-lists';
import { LIVE_SCHEMAS } from './live-schedule-schema';
import { schoolYearName } from '@/lib/format/dates';

// An OpenAPI 3.1 document of exactly what one token may do: its granted endpoints, with the
// fields it may read (typed from the spec's catalogue, unsupported ones marked, "do not use" ones
// deprecated) and the filters it may use; the envelope and error shapes; bearer auth. Built from
// the partner's rights (`/partners/~me`) and the catalogue, never from a template.

type Schema = Record<string, unknown>;

export interface OpenApiInput {
  partner: Partner;
  /** `https://school.example/api`: the server the document describes. */
  baseUrl: string;
}

const SCHEMAS: Record<FieldType, Schema> = {
  long: { type: 'integer', format: 'int64' },
  integer: { type: 'integer', format: 'int32' },
  float: { type: 'number' },
  percentage: { type: 'number', minimum: 0, maximum: 100 },
  boolean: { type: 'boolean' },
  string: { type: 'string' },
  uuid: { type: 'string', format: 'uuid' },
  'string[]': { type: 'array', items: { type: 'string' } },
  'long[]': { type: 'array', items: { type: 'integer', format: 'int64' } },
  json: { type: 'object' },
  'json[]': { type: 'array', items: { type: 'object' } },
  timestamp: { type: 'integer', format: 'int64', description: 'Unix seconds' },
  date: { type: 'string', format: 'date' },
  week: { type: 'string', pattern: '^\\d{4}-?\\d{2}$', description: 'an ISO week, YYYYWW' },
};

/**
 * A value as the spec types it; real answers may also send null, so every field is nullable. The
 * spec lists allowed values as text; an integer field's values are numbers on the wire
 * (`absenceType: 3`), so its enum is too.
 */
/** The spec's allowed values (text) as the wire sends them: an integer field's are numbers. */
function wireValues(type: FieldType, allowed?: readonly string[]): (string | number)[] | undefined {
  const numeric = SCHEMAS[type].type === 'integer' || SCHEMAS[type].type === 'number';
  return allowed?.map((v) => (numeric ? Number(v) : v));
}

function valueSchema(type: FieldType, allowed?: readonly string[]): Schema {
  const base = { ...SCHEMAS[type] };
  const types = [base.type as string, 'null'];
  const values = wireValues(type, allowed);
  return { ...base, type: types, ...(values?.length ? { enum: [...values, null] } : {}) };
}

function describe(spec: FieldSpec | FilterSpec | undefined): Schema {
  if (!spec) return { description: 'Granted by the portal but not in the specification; its type is not known.' };
  const notes = [
    'notes' in spec ? spec.notes : undefined,
    'meaning' in spec ? spec.meaning : undefined,
    spec.supported ? undefined : 'Unsupported: the portal does not promise this stays stable.',
    'deprecated' in spec && spec.deprecated ? `Do not use (${spec.deprecated.note}).` : undefined,
  ].filter(Boolean);
  return {
    ...valueSchema(spec.type, spec.allowedValues),
    ...(notes.length ? { description: notes.join(' ') } : {}),
    'x-supported': spec.supported,
    ...('deprecated' in spec && spec.deprecated ? { deprecated: true } : {}),
  };
}

const envelope = (data: Schema): Schema => ({
  type: 'object',
  required: ['response'],
  properties: {
    response: {
      type: 'object',
      required: ['status', 'data'],
      properties: {
        status: { type: 'integer', description: 'the HTTP status; on success 200' },
        message: { type: 'string', description: 'filled only on errors' },
        details: { type: 'string', description: 'filled only on errors' },
        eventId: { type: 'integer', description: 'filled only on errors; quote it to the portal operator' },
        startRow: { type: 'integer' },
        endRow: { type: 'integer' },
        totalRows: { type: 'integer' },
        data,
      },
    },
  },
});

const error = (description: string, headers?: Schema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: json({ $ref: '#/components/schemas/Error' }),
});

/** Every error the portal answers, in its envelope (`status`, `message`, `details`, `eventId`; no data). */
const ERRORS = {
  '400': error('Bad or missing parameters'),
  '401': error('Missing, invalid or expired token'),
  '403': error('Not within the partner rights'),
  '404': error('No such endpoint or record'),
  '429': error('Too many requests: wait the seconds Retry-After says', {
    'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer', minimum: 0 } },
  }),
};

/** Filters whose value is a comma-separated "any of" on the wire (wire-facts: as `schoolInSchoolYear`). */
const ANY_OF: readonly FieldType[] = ['string', 'long', 'integer', 'uuid', 'string[]', 'long[]'];
/** Ids and times are never negative; other numbers take the spec's range (a week offset may be −1). */
const NON_NEGATIVE: readonly FieldType[] = ['long', 'timestamp'];
/** A text the portal takes: something besides blanks, and no comma (a comma separates values). */
const TEXT: Schema = { type: 'string', minLength: 1, pattern: '^[^,]*[^,\\s][^,]*$' };
/** An ISO week as the wire writes it: YYYYWW, week 01 to 53. */
const WIRE_WEEK: Schema = {
  type: 'string',
  pattern: '^(19|20)\\d{2}-?(0[1-9]|[1-4]\\d|5[0-3])$',
  examples: ['202647'],
};

/** One value of a query parameter: never null (a generator's `id=null` is refused), as the spec types it. */
function parameterValue(type: FieldType, spec: FieldSpec | FilterSpec): Schema {
  const allowed = wireValues(type, spec.allowedValues);
  if (allowed?.length) return { type: SCHEMAS[type].type, enum: allowed };
  if (type === 'string') return TEXT;
  if (type === 'week') return WIRE_WEEK;
  if (type === 'date') return { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
  const range = 'range' in spec ? spec.range : undefined;
  return {
    ...SCHEMAS[type],
    ...(NON_NEGATIVE.includes(type) ? { minimum: 0 } : {}),
    ...(range ? { minimum: range.min, ...(range.max === undefined ? {} : { maximum: range.max }) } : {}),
  };
}

/**
 * A query parameter as the portal takes it: a value as the spec types it, a filter of ids, codes or
 * numbers a comma-separated list in one parameter (`explode: false`).
 */
function parameterSchema(spec: FieldSpec | FilterSpec | undefined): { schema: Schema; list: boolean } {
  if (!spec) return { schema: { type: 'array', minItems: 1, items: TEXT }, list: true };
  const item = spec.type === 'string[]' ? 'string' : spec.type === 'long[]' ? 'long' : spec.type;
  const list = ANY_OF.includes(spec.type);
  const value = parameterValue(item, spec);
  return {
    schema: { ...(list ? { type: 'array', minItems: 1, items: value } : value), 'x-supported': spec.supported },
    list,
  };
}

function json(schema: Schema) {
  return { 'application/json': { schema } };
}

type Project = Partner['schoolInSchoolYears'][number];

/** "1251 (Hoofdgebouw 2025-2026)": a project as the token's rights name it. */
const projectTitle = (p: Project) => {
  const year = typeof p.schoolYear === 'number' ? schoolYearName(p.schoolYear) : '';
  return `${p.id} (${[p.school?.name, year].filter(Boolean).join(' ') || 'project'})`;
};

/** `fields`, `schoolInSchoolYear` and every granted filter of one list endpoint. */
function listParameters(resource: ResourceName, readFields: string[], filterFields: string[], projects: Project[]) {
  const params: Schema[] = [
    {
      name: 'schoolInSchoolYear',
      in: 'query',
      required: true,
      description: `Comma-separated ids of the timetable projects; this token's: ${projects.map(projectTitle).join(', ')}.`,
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        minItems: 1,
        items: { type: 'integer', minimum: 0, enum: projects.map((p) => p.id) },
      },
      example: projects.map((p) => p.id),
    },
    {
      name: 'fields',
      in: 'query',
      required: true,
      description: 'Comma-separated names of the fields wanted; only these are granted.',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: readFields }, minItems: 1 },
    },
  ];
  for (const name of filterFields) {
    if (name === 'fields' || name === 'schoolInSchoolYear') continue;
    const spec = filterSpec(resource, name) ?? fieldSpec(resource, name);
    const { description, deprecated } = describe(spec);
    const { schema, list } = parameterSchema(spec);
    params.push({
      name,
      in: 'query',
      required: false,
      ...(description ? { description } : {}),
      ...(deprecated ? { deprecated: true } : {}),
      ...(list ? { style: 'form', explode: false } : {}),
      schema,
    });
  }
  return params;
}

function recordSchema(resource: ResourceName, readFields: string[]): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(readFields.map((f) => [f, describe(fieldSpec(resource, f))] as const)),
  };
}

/**
 * Rooster's own rule for a large list, apart from the portal's: a note for those who call through
 * Rooster's proxy (`/api/partner/…`), which the portal itself does not enforce.
 */
function throughRooster(resource: ResourceName): Schema {
  const large = largeLists[resource];
  if (!large) return {};
  const [from, to] = large.window;
  return {
    'x-rooster-proxy': `Through Rooster (/api/partner/${resource}): give ${from} and ${to} at most ${large.maxDays} days apart, or one of ${large.orOneOf.join(', ')}; otherwise Rooster answers 400 without asking the portal. The portal itself states no such bound.`,
  };
}

const ROOSTER_NOTE =
  'Calling through Rooster (/api/partner/… on the dashboard, not this server): Rooster answers on its own a 400 for a large list read without bounds (see x-rooster-proxy on the operation), a 405 with Allow: GET, HEAD, OPTIONS for any other method, and a 429 with Retry-After while too many heavy reads (a large list, /liveschedule) of one session are in flight at once. Those are Rooster’s rules, not the portal’s.';

const schemaName = (endpoint: string) => endpoint.replace(/[^A-Za-z0-9]/g, '_');

/** `/partners/~me`: the partner, its projects with their school years, its endpoints with their fields. */
const PARTNER_SCHEMA: Schema = {
  type: 'object',
  required: ['name', 'endpoints', 'schoolInSchoolYears'],
  properties: {
    name: { type: 'string' },
    schoolInSchoolYears: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          schoolYear: { type: ['integer', 'null'], description: 'the year the school year starts in' },
          school: {
            type: ['object', 'null'],
            properties: { id: { type: ['integer', 'null'] }, name: { type: ['string', 'null'] } },
          },
        },
      },
    },
    endpoints: {
      type: 'array',
      items: {
        type: 'object',
        required: ['endpoint'],
        properties: {
          endpoint: { type: 'string' },
          readFields: { type: ['array', 'null'], items: { type: 'string' } },
          writeFields: { type: ['array', 'null'], items: { type: 'string' } },
          filterFields: { type: ['array', 'null'], items: { type: 'string' } },
        },
      },
    },
  },
};

export function openApiDocument({ partner, baseUrl }: OpenApiInput): Schema {
  const projects = partner.schoolInSchoolYears;
  const paths: Record<string, Schema> = {};
  const schemas: Record<string, Schema> = {
    Error: envelope({ type: 'array', maxItems: 0 }),
    Partner: PARTNER_SCHEMA,
  };
  for (const right of partner.endpoints) {
    const spec = endpointByName(right.endpoint);
    if (!spec || spec.kind === 'token') continue;
    const name = schemaName(right.endpoint);
    if (spec.kind === 'list' && isResourceName(right.endpoint)) {
      schemas[name] = recordSchema(right.endpoint, right.readFields);
      paths[spec.path] = {
        get: {
          operationId: `list_${name}`,
          summary: `Read ${right.endpoint}`,
          parameters: listParameters(right.endpoint, right.readFields, right.filterFields, projects),
          ...throughRooster(right.endpoint),
          responses: {
            '200': {
              description: spec.response,
              content: json(envelope({ type: 'array', items: { $ref: `#/components/schemas/${name}` } })),
            },
            ...ERRORS,
          },
        },
      };
    } else if (spec.kind === 'liveschedule') {
      // It answers with its own field set whatever `fields` asks for: the weeks as the wire shows them.
      Object.assign(schemas, LIVE_SCHEMAS);
      paths[spec.path] = {
        get: {
          operationId: 'liveschedule',
          summary: 'Read a student’s live schedule for one week and one project',
          parameters: spec.params.map((p) => ({
            name: p.name,
            in: 'query',
            required: p.required,
            description: p.meaning,
            schema:
              p.name === 'schoolInSchoolYear'
                ? { type: 'integer', format: 'int64', minimum: 0, enum: projects.map((project) => project.id) }
                : p.name === 'fields'
                  ? { type: 'string', description: 'Ignored: /liveschedule answers its own field set.' }
                  : p.type === 'week'
                    ? WIRE_WEEK
                    : TEXT,
            // The required ones with an example a reader can run (Swagger UI fills it in).
            ...(p.name === 'schoolInSchoolYear' && projects[0]
              ? { example: projects[0].id }
              : p.type === 'week'
                ? { example: '202647' }
                : {}),
          })),
          responses: {
            '200': {
              description:
                'The weeks of the schedule: the payload shape is not shown by the specification; this is the shape public clients and captures of the real service show.',
              content: json(envelope({ type: 'array', items: { $ref: '#/components/schemas/LiveWeek' } })),
            },
            ...ERRORS,
          },
        },
      };
    }
  }
  // Every partner may read its own description.
  paths['/partners/~me'] = {
    get: {
      operationId: 'partner_me',
      summary: 'The partner’s own description: its rights and projects',
      responses: {
        '200': {
          description: 'The partner description: in the envelope as data[0], or bare (both are seen on the wire).',
          content: json({
            oneOf: [
              envelope({ type: 'array', items: { $ref: '#/components/schemas/Partner' }, minItems: 1 }),
              { $ref: '#/components/schemas/Partner' },
            ],
          }),
        },
        '401': ERRORS['401'],
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: `${partner.name} — partner API`,
      version: '1.0.0',
      description:
        'What this token may do on this portal, generated by Rooster from the partner rights (/partners/~me) and the partner API specification. Fields marked x-supported: false are not promised to stay stable.\n\n' +
        ROOSTER_NOTE,
    },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas,
    },
  };
}
