import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isResourceName } from '@/lib/partner-api/catalog';
import { largeLists } from '@/lib/partner-api/large-lists';
import { partnerSchema } from '@/lib/partner-api/schemas';
import { PortalClient } from '@/tests/support/portal';
import { startSandbox, type RunningSandbox } from '@/sandbox/http/app';
import { simulatesFilter } from '@/sandbox/http/resources';
import { generateSchool } from '@/sandbox/school/index';
import { FIXED_TODAY } from '@/sandbox/school/fixed';
import { openApiDocument } from './document';

// The document fuzzed against the portal (the sandbox), as an integrator's tool would: requests drawn
// from the document's own parameter schemas (fast-check), each answer checked against the
// document's response schemas (Ajv, JSON Schema 2020-12). What the document calls valid must be
// answered 200 (at least 95%, the rest said); what it calls invalid must get a 4xx it documents.
// Left out, as the sandbox says it does not simulate them: the filters `simulatesFilter` refuses.
// Large lists get a window within the school year (`start`/`end` a week apart), as the document's
// note on calling through Rooster asks.

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
};
interface Parameter {
  name: string;
  required: boolean;
  explode?: boolean;
  schema: Schema;
}
interface Operation {
  path: string;
  parameters: Parameter[];
  responses: Record<string, unknown>;
}
type Doc = { paths: Record<string, { get: { parameters?: Parameter[]; responses: Record<string, unknown> } }> };

const PRESETS = ['demo', 'basic', 'limited'] as const;
const RUNS = 30;
/** One lesson week of the fixed school: the window a large list is read in. */
const WEEK_START = Date.parse(`${FIXED_TODAY}T00:00:00Z`) / 1000 - 4 * 86_400;
const WEEK_END = WEEK_START + 7 * 86_400;

let running: RunningSandbox;
/** Students with their project: a record's key the document cannot list, drawn from what the portal holds. */
let students: [string, number][];
beforeAll(async () => {
  const data = generateSchool({ seed: 1 });
  students = [...data.school.students].map(([code, s]) => [code, s.projectId]);
  running = await startSandbox({ data, log: () => {} });
});
afterAll(() => running.close());

const operations = (doc: Doc): Operation[] =>
  Object.entries(doc.paths).map(([path, item]) => ({
    path,
    parameters: item.get.parameters ?? [],
    responses: item.get.responses,
  }));

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A value the schema allows, as text on the wire (a list comma-separated: `explode: false`). */
function allowed(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.filter((v) => v !== null).map(String));
  switch (typeOf(schema)) {
    case 'array':
      return fc
        .uniqueArray(allowed(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: 3 })
        .filter((items) => items.length > 0)
        .map((items) => items.join(','));
    case 'integer': {
      const max = schema.maximum ?? (schema.format === 'int32' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max }).map(String);
    }
    case 'number':
      return fc
        .integer({ min: (schema.minimum ?? -1e4) * 100, max: (schema.maximum ?? 1e4) * 100 })
        .map((n) => String(n / 100));
    case 'boolean':
      return fc.constantFrom('true', 'false');
    default:
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: Math.max(1, schema.minLength ?? 0), maxLength: 12 });
  }
}

/** A value the schema refuses, when one can be said in a query string. */
function refused(schema: Schema): fc.Arbitrary<string> | null {
  const kinds: fc.Arbitrary<string>[] = [];
  const type = typeOf(schema);
  const inner = type === 'array' ? (schema.items ?? {}) : schema;
  const innerType = typeOf(inner);
  if (type === 'array' || (innerType === 'string' && (inner.minLength ?? 0) > 0)) kinds.push(fc.constant(''));
  if (innerType === 'integer' || innerType === 'number') {
    kinds.push(fc.constantFrom('abc', '1.5x', 'null', 'true'));
    if (inner.minimum !== undefined) kinds.push(fc.integer({ min: -1e6, max: inner.minimum - 1 }).map(String));
  }
  if (innerType === 'boolean') kinds.push(fc.constantFrom('yes', '1', 'null'));
  if (inner.enum && innerType === 'string')
    kinds.push(
      fc
        .string({ minLength: 1, maxLength: 8 })
        .filter((s) => !inner.enum!.includes(s) && !s.includes(',') && s.trim() === s && s !== ''),
    );
  if (inner.format === 'date') kinds.push(fc.constantFrom('2026-02-30', '2026/11/20', 'tomorrow'));
  return kinds.length ? fc.oneof(...kinds) : null;
}

/** The parameters a valid request sends: every required one, any simulated optional one, a window. */
function validRequest(op: Operation): fc.Arbitrary<URLSearchParams> {
  const resource = op.path.slice(1);
  const window = isResourceName(resource) ? largeLists[resource]?.window : undefined;
  const chosen = op.parameters.filter(
    (p) => !window?.includes(p.name) && (p.required || !isResourceName(resource) || simulatesFilter(resource, p.name)),
  );
  const entries = chosen.map((p) =>
    p.required
      ? allowed(p.schema).map((v) => [[p.name, v]])
      : fc.option(
          allowed(p.schema).map((v) => [[p.name, v]]),
          { nil: [] },
        ),
  );
  const student = op.path === '/liveschedule' ? fc.constantFrom(...students) : fc.constant(null);
  return fc.tuple(fc.tuple(...entries), student).map(([parts, pair]) => {
    const query = new URLSearchParams(parts.flat() as [string, string][]);
    if (pair) {
      query.set('student', pair[0]);
      query.set('schoolInSchoolYear', String(pair[1]));
    }
    if (window) {
      query.set(window[0], String(WEEK_START));
      query.set(window[1], String(WEEK_END));
    }
    return query;
  });
}

function validators(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema({ $id: 'doc', ...doc });
  const pointer = (path: string, status: string) =>
    `doc#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/${status}/content/application~1json/schema`;
  const check = (path: string, status: string) => ajv.compile({ $ref: pointer(path, status) });
  check.schema = (name: string) => ajv.compile({ $ref: `doc#/components/schemas/${name}` });
  return check;
}

it('the real service’s /liveschedule answers (../shared/captures) validate against the document', async () => {
  const client = await new PortalClient(running.origin).connect('demo');
  const doc = openApiDocument({
    partner: partnerSchema.parse((await client.get('/partners/~me')).body),
    baseUrl: 'https://school.example/api',
  }) as unknown as Doc;
  const check = validators(doc);
  const capture = async (name: string) =>
    JSON.parse(await readFile(join(__dirname, '..', '..', '..', 'shared', 'captures', name), 'utf8')) as unknown;
  const week = check('/liveschedule', '200');
  const slot = check.schema('LiveSlot');
  const cases: [string, ReturnType<typeof check>, unknown][] = [
    ['liveschedule-student-week.json', week, await capture('liveschedule-student-week.json')],
    [
      'liveschedule-appointment-numbered-slots.json',
      slot,
      await capture('liveschedule-appointment-numbered-slots.json'),
    ],
    ...((await capture('liveschedule-appointments-lessons-and-exams.json')) as unknown[]).map(
      (a, i) => [`lessons-and-exams #${i}`, slot, a] as [string, ReturnType<typeof check>, unknown],
    ),
  ];
  for (const [name, validate, answer] of cases)
    expect(validate(answer), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  // And the schema does check: a slot whose start is text is refused.
  expect(slot({ start: 'tomorrow' })).toBe(false);
});

describe.each(PRESETS)('the %s document fuzzed against the portal', (preset) => {
  let doc: Doc;
  let token: string;
  let check: ReturnType<typeof validators>;
  beforeAll(async () => {
    const client = await new PortalClient(running.origin).connect(preset);
    const me = partnerSchema.parse((await client.get('/partners/~me')).body);
    doc = openApiDocument({ partner: me, baseUrl: `${running.origin}/api` }) as unknown as Doc;
    token = client.token!;
    check = validators(doc);
  });

  const get = async (path: string, query: URLSearchParams, auth = true) => {
    const r = await fetch(`${running.origin}/api${path}?${query}`, {
      headers: auth ? { Authorization: `Bearer ${token}` } : {},
    });
    return { status: r.status, body: (await r.json()) as unknown };
  };

  it('answers at least 95% of the requests it calls valid with 200, each answer as the document says', async () => {
    const refusedValid: string[] = [];
    let sent = 0;
    for (const op of operations(doc)) {
      const validate = check(op.path, '200');
      await fc.assert(
        fc.asyncProperty(validRequest(op), async (query) => {
          sent++;
          const answer = await get(op.path, query);
          if (answer.status !== 200) {
            refusedValid.push(`${answer.status} ${op.path}?${query}: ${JSON.stringify(answer.body).slice(0, 200)}`);
            expect(Object.keys(op.responses), `${op.path}?${query}`).toContain(String(answer.status));
            return;
          }
          expect(validate(answer.body), `${op.path}?${query}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(
            true,
          );
        }),
        { numRuns: op.parameters.length ? RUNS : 1, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThan(0);
    console.info(`${preset}: ${sent - refusedValid.length} of ${sent} valid requests answered 200`);
    // Every refusal is said, so a reader sees which rule of the portal the document does not state.
    expect(refusedValid.length / sent, refusedValid.slice(0, 10).join('\n')).toBeLessThanOrEqual(0.05);
  });

  it('answers every request it calls invalid with a 4xx it documents, in the error envelope', async () => {
    let sent = 0;
    for (const op of operations(doc)) {
      const required = op.parameters.filter((p) => p.required);
      const breakable = op.parameters
        .map((p) => ({ p, bad: refused(p.schema) }))
        .filter((x): x is { p: Parameter; bad: fc.Arbitrary<string> } => x.bad !== null);
      if (breakable.length === 0 && required.length === 0) continue;
      // One parameter broken (a value its schema refuses) or one required parameter left out.
      const broken = fc.oneof(
        ...breakable.map(({ p, bad }) => bad.map((v) => ({ name: p.name, value: v as string | null }))),
        ...required.map((p) => fc.constant({ name: p.name, value: null as string | null })),
      );
      await fc.assert(
        fc.asyncProperty(validRequest(op), broken, async (query, { name, value }) => {
          sent++;
          if (value === null) query.delete(name);
          else query.set(name, value);
          const answer = await get(op.path, query);
          const where = `${op.path}?${query}`;
          expect(answer.status, where).toBeGreaterThanOrEqual(400);
          expect(answer.status, where).toBeLessThan(500);
          expect(Object.keys(op.responses), where).toContain(String(answer.status));
          const validate = check(op.path, String(answer.status));
          expect(validate(answer.body), `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThan(0);
  });

  it('answers a request without a token with the documented 401', async () => {
    for (const op of operations(doc)) {
      const [query] = fc.sample(validRequest(op), { numRuns: 1, seed: 1 });
      const answer = await get(op.path, query!, false);
      expect(answer.status, op.path).toBe(401);
      expect(check(op.path, '401')(answer.body), op.path).toBe(true);
    }
  });
});
