import { z } from 'zod';
import type { RecordOf } from './records';
import { catalog, resourceNames, type ResourceName } from './catalog';
import type { FieldSpec, FieldType } from './catalog-types';
import { fieldReaders } from './field-read';

// Zod schemas at the boundary with the portal. Lenient as wire-facts.md asks: `null` and
// absent values always pass, unknown fields pass through untouched, and the plausible
// alternative encodings (milliseconds, ISO strings, DD-MM-YYYY, "true"/1) are normalised.
// A value of a plainly wrong kind (an object where a number belongs) still fails.

// ---------------------------------------------------------------------------
// Values by the spec's type word
// ---------------------------------------------------------------------------

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/** A value read by one of the lenient readers of values.ts; `undefined` from the reader is an issue. */
function readWith<T>(reader: (value: unknown) => T | null | undefined, what: string) {
  return z.unknown().transform((value, ctx) => {
    const read = reader(value);
    if (read === undefined) {
      ctx.addIssue({ code: 'custom', message: `not ${what}: ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    return read;
  });
}

/** Unix seconds from seconds, milliseconds, numeric strings or ISO strings. */
export const timestampSchema = readWith(fieldReaders.timestamp, 'a timestamp');

/** ISO `YYYY-MM-DD` from `YYYY-MM-DD` or `DD-MM-YYYY`. */
export const dateSchema = readWith(fieldReaders.date, 'a date');

/** Wire week `YYYYWW` from `YYYYWW`, `YYYY-Www` or a number. */
export const weekSchema = readWith(fieldReaders.week, 'an ISO week');

/** A number, or a numeric string; whole where `integer` (the envelope's and the partner's own numbers). */
const numberLike = (integer: boolean) =>
  // The number readers never answer null, so neither does this schema.
  readWith(
    integer ? fieldReaders.long : fieldReaders.float,
    integer ? 'a whole number' : 'a number',
  ) as unknown as z.ZodType<number>;

// One schema per field type, over the same readers the browser uses (field-read.ts).
const valueSchemas = Object.fromEntries(
  Object.entries(fieldReaders).map(([type, reader]) => [
    type,
    readWith(reader as (v: unknown) => unknown, `a ${type}`),
  ]),
) as unknown as Record<FieldType, z.ZodType>;

/** The schema of one field's value, null/absent allowed. */
export function fieldValueSchema(field: Pick<FieldSpec, 'type'>): z.ZodType {
  const schema = valueSchemas[field.type];
  return nullish(schema);
}

// ---------------------------------------------------------------------------
// Records, derived from the catalogue
// ---------------------------------------------------------------------------

function recordSchemaFor(resource: ResourceName) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of catalog[resource].fields) shape[field.name] = fieldValueSchema(field);
  return z.looseObject(shape);
}

export const recordSchemas = {} as Record<ResourceName, z.ZodType<PartnerRecord>>;
for (const name of resourceNames) recordSchemas[name] = recordSchemaFor(name);

/** A record as read: only the requested fields are present; values may be null. */
export type PartnerRecord = Record<string, unknown>;

// ---------------------------------------------------------------------------
// Envelopes
// ---------------------------------------------------------------------------

const optionalText = z.string().nullish();
const optionalInt = numberLike(true).nullish();
/** eventId is an integer on the wire; a string is tolerated and kept as text. */
const eventIdSchema = z.union([z.number(), z.string()]).nullish();

const envelopeMetaShape = {
  status: numberLike(true),
  message: optionalText,
  details: optionalText,
  eventId: eventIdSchema,
  startRow: optionalInt,
  endRow: optionalInt,
  totalRows: optionalInt,
};

/** `{response: {status, message, details, eventId, startRow, endRow, totalRows, data}}`, generic over a record. */
export function envelopeSchema<T extends z.ZodType>(record: T) {
  return z.object({
    response: z.looseObject({
      ...envelopeMetaShape,
      data: z
        .array(record)
        .nullish()
        .transform((rows) => rows ?? []),
    }),
  });
}

/** Any envelope whose data we do not read yet (for status checks and errors). */
export const anyEnvelopeSchema = z.object({
  response: z.looseObject({ ...envelopeMetaShape, data: z.unknown().optional() }),
});

/** A failure as the portal reports it. */
export const errorEnvelopeSchema = z.object({
  response: z.looseObject({
    status: numberLike(true).refine((s) => s >= 400, 'not an error status'),
    message: optionalText,
    details: optionalText,
    eventId: eventIdSchema,
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

// ---------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------

/** The token object. Bare per the spec; also accepted inside an envelope's `data[0]`. */
const tokenShape = z.looseObject({
  access_token: z.string().min(1),
  token_type: z
    .string()
    .refine((t) => t.toLowerCase() === 'bearer', 'token_type is not "bearer"')
    .nullish(),
  expires_in: numberLike(false).nullish(),
});

export const tokenResponseSchema = z.union([
  tokenShape,
  z
    .object({ response: z.looseObject({ data: z.tuple([tokenShape], z.unknown()) }) })
    .transform((e) => e.response.data[0]),
]);

export type TokenResponse = z.infer<typeof tokenShape>;

const partnerEndpointSchema = z.looseObject({
  endpoint: z.string(),
  readFields: z
    .array(z.string())
    .nullish()
    .transform((x) => x ?? []),
  writeFields: z
    .array(z.string())
    .nullish()
    .transform((x) => x ?? []),
  filterFields: z
    .array(z.string())
    .nullish()
    .transform((x) => x ?? []),
});

const partnerShape = z.looseObject({
  name: z.string(),
  token: z
    .looseObject({
      expirationDate: dateSchema.nullish(),
      expires: timestampSchema.nullish(),
      token: z.string().nullish(),
      creationDate: dateSchema.nullish(),
      created: timestampSchema.nullish(),
    })
    .nullish(),
  endpoints: z
    .array(partnerEndpointSchema)
    .nullish()
    .transform((x) => x ?? []),
  schoolInSchoolYears: z
    .array(
      z.looseObject({
        id: numberLike(true),
        schoolYear: numberLike(true).nullish(),
        school: z.looseObject({ id: numberLike(true).nullish(), name: z.string().nullish() }).nullish(),
      }),
    )
    .nullish()
    .transform((x) => x ?? []),
});

/** `/partners/~me`: inside the envelope as `data[0]` (as every body is), or bare. */
export const partnerSchema = z.union([
  z
    .object({ response: z.looseObject({ data: z.tuple([partnerShape], z.unknown()) }) })
    .transform((e) => e.response.data[0]),
  partnerShape,
]);

export type Partner = z.infer<typeof partnerShape>;
export type PartnerEndpointRights = z.infer<typeof partnerEndpointSchema>;

// ---------------------------------------------------------------------------
// Fast path: records already in the canonical wire form need no rewriting
// ---------------------------------------------------------------------------

const isCanonical: Record<FieldType, (v: unknown) => boolean> = {
  long: Number.isSafeInteger,
  integer: Number.isSafeInteger,
  float: (v) => typeof v === 'number' && Number.isFinite(v),
  percentage: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  uuid: (v) => typeof v === 'string',
  'string[]': (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  'long[]': (v) => Array.isArray(v) && v.every(Number.isSafeInteger),
  json: () => true,
  'json[]': Array.isArray,
  // Unix seconds (an integer below the milliseconds threshold).
  timestamp: (v) => Number.isSafeInteger(v) && Math.abs(v as number) <= 1e11,
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  week: (v) => typeof v === 'string' && /^\d{6}$/.test(v),
};

const canonicalChecks = new Map<ResourceName, Map<string, (v: unknown) => boolean>>(
  resourceNames.map((name) => [name, new Map(catalog[name].fields.map((f) => [f.name, isCanonical[f.type]]))]),
);

/**
 * A record as read: returned as is when every known field already has its canonical form (the
 * usual case, and a quick check), else through the lenient schema. `undefined` if unreadable.
 */
export function readRecord<R extends ResourceName>(resource: R, raw: unknown): RecordOf<R> | undefined {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const checks = canonicalChecks.get(resource)!;
    let canonical = true;
    for (const key in raw) {
      const value = (raw as Record<string, unknown>)[key];
      if (value === null) continue;
      const check = checks.get(key);
      if (check && !check(value)) {
        canonical = false;
        break;
      }
    }
    if (canonical) return raw as RecordOf<R>;
  }
  const parsed = recordSchemas[resource].safeParse(raw);
  return parsed.success ? (parsed.data as RecordOf<R>) : undefined;
}
