import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSchema, type Partner } from '@/lib/partner-api/schemas';
import { PortalClient } from '@/tests/support/portal';
import { startSandbox, type RunningSandbox } from '@/sandbox/http/app';
import { generateSchool } from '@/sandbox/school/index';
import { openApiDocument } from './document';

// The OpenAPI document of the sandbox's `demo` and `limited` partners: valid OpenAPI 3.1 by a
// validator, and exactly their granted endpoints and fields (read from the portal itself).

let running: RunningSandbox;
beforeAll(async () => {
  running = await startSandbox({ data: generateSchool({ seed: 1 }), log: () => {} });
});
afterAll(() => running.close());

async function partner(preset: 'demo' | 'limited'): Promise<Partner> {
  const client = await new PortalClient(running.origin).connect(preset);
  return partnerSchema.parse((await client.get('/partners/~me')).body);
}

type Doc = {
  paths: Record<string, { get: { parameters?: { name: string; schema: { items?: { enum?: string[] } } }[] } }>;
  components: { schemas: Record<string, { properties?: Record<string, { deprecated?: boolean }> }> };
};

describe.each(['demo', 'limited'] as const)('the OpenAPI document of the %s partner', (preset) => {
  it('validates as OpenAPI 3.1 and lists exactly the granted endpoints, fields and filters', async () => {
    const me = await partner(preset);
    const doc = openApiDocument({ partner: me, baseUrl: `${running.origin}/api` }) as unknown as Doc;
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');

    const granted = me.endpoints.map((e) => e.endpoint).filter((e) => e !== 'partners/~me' && e !== 'oauth/token');
    expect(Object.keys(doc.paths).sort()).toEqual([...granted.map((e) => `/${e}`), '/partners/~me'].sort());
    for (const right of me.endpoints) {
      const op = doc.paths[`/${right.endpoint}`]?.get;
      if (!op || right.endpoint === 'liveschedule' || right.endpoint === 'partners/~me') continue;
      const fields = op.parameters!.find((p) => p.name === 'fields')!;
      expect(fields.schema.items!.enum).toEqual(right.readFields);
      const filters = op.parameters!.map((p) => p.name).filter((n) => n !== 'fields' && n !== 'schoolInSchoolYear');
      expect(filters.sort()).toEqual(
        right.filterFields.filter((n) => n !== 'fields' && n !== 'schoolInSchoolYear').sort(),
      );
      const record = doc.components.schemas[right.endpoint.replace(/[^A-Za-z0-9]/g, '_')]!;
      expect(Object.keys(record.properties!)).toEqual(right.readFields);
    }
  });
});

it('the limited partner has only appointments, without students, teachers and lastModified', async () => {
  const doc = openApiDocument({
    partner: await partner('limited'),
    baseUrl: 'https://school.example/api',
  }) as unknown as Doc;
  expect(Object.keys(doc.paths).sort()).toEqual(['/appointments', '/partners/~me']);
  const fields = doc.paths['/appointments']!.get.parameters!.find((p) => p.name === 'fields')!.schema.items!.enum!;
  expect(fields).not.toContain('students');
  expect(fields).not.toContain('teachers');
  expect(fields).not.toContain('lastModified');
});

it('types every enum as the wire sends it: an integer field’s allowed values are numbers', async () => {
  const doc = openApiDocument({ partner: await partner('demo'), baseUrl: 'https://school.example/api' }) as unknown as {
    components: { schemas: Record<string, { properties?: Record<string, { type?: string[]; enum?: unknown[] }> }> };
  };
  const wire = { integer: 'number', number: 'number', string: 'string', boolean: 'boolean' } as Record<string, string>;
  let checked = 0;
  for (const schema of Object.values(doc.components.schemas))
    for (const property of Object.values(schema.properties ?? {})) {
      if (!property.enum) continue;
      const type = property.type!.find((t) => t !== 'null')!;
      for (const value of property.enum.filter((v) => v !== null)) expect(typeof value).toBe(wire[type]);
      checked++;
    }
  expect(checked).toBeGreaterThan(3);
  expect(doc.components.schemas.employeeabsences!.properties!.absenceType!.enum).toEqual([
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    null,
  ]);
});

it('takes parameters as the portal does: never null, no empty text, no negative id, lists in one parameter', async () => {
  const doc = openApiDocument({ partner: await partner('demo'), baseUrl: 'https://school.example/api' }) as unknown as {
    paths: Record<
      string,
      { get: { parameters?: { name: string; style?: string; explode?: boolean; schema: Schema }[] } }
    >;
  };
  type Schema = {
    type?: string | string[];
    minLength?: number;
    pattern?: string;
    minimum?: number;
    format?: string;
    items?: Schema;
    enum?: unknown[];
  };
  let parameters = 0;
  for (const [path, { get }] of Object.entries(doc.paths))
    for (const p of get.parameters ?? []) {
      parameters++;
      const where = `${path} ${p.name}`;
      expect([p.schema.type].flat(), where).not.toContain('null');
      // /liveschedule's `fields` is ignored by the portal (it answers its own field set): any text.
      const ignored = path === '/liveschedule' && p.name === 'fields';
      if (p.schema.type === 'string' && !p.schema.enum && !p.schema.pattern && !ignored)
        expect(p.schema.minLength, where).toBe(1);
      if (p.schema.type === 'array') expect([p.style, p.explode], where).toEqual(['form', false]);
      // An id or a time (int64) is never negative; another number takes the spec's range (a week
      // offset counts back from this week).
      const number = p.schema.type === 'array' ? p.schema.items! : p.schema;
      if (number.type === 'integer' && number.format === 'int64') expect(number.minimum, where).toBe(0);
    }
  expect(parameters).toBeGreaterThan(90);
  const teachers = doc.paths['/appointments']!.get.parameters!.find((p) => p.name === 'teachers')!;
  expect([teachers.style, teachers.explode]).toEqual(['form', false]);
  const projects = doc.paths['/appointments']!.get.parameters!.find((p) => p.name === 'schoolInSchoolYear')!;
  expect(projects.schema.items!.enum!.length).toBeGreaterThan(0);
});

it('describes /partners/~me as the portal answers it, in its envelope or bare', async () => {
  const client = await new PortalClient(running.origin).connect('demo');
  const answer = (await client.get('/partners/~me')).body;
  const doc = openApiDocument({ partner: await partner('demo'), baseUrl: 'https://school.example/api' }) as unknown as {
    components: { schemas: Record<string, { required?: string[] }> };
    paths: Record<string, { get: { responses: Record<string, { content?: unknown }> } }>;
  };
  const partnerSchema = doc.components.schemas.Partner!;
  const me = answer.response.data[0] as Record<string, unknown>;
  for (const key of partnerSchema.required!) expect(me).toHaveProperty(key);
  expect(JSON.stringify(doc.paths['/partners/~me']!.get.responses['200']!.content)).toContain('oneOf');
  expect(Object.keys(doc.paths['/appointments']!.get.responses)).toEqual(['200', '400', '401', '403', '404', '429']);
});

it('the validator does refuse a broken document (so its "valid" means something)', async () => {
  const doc = openApiDocument({ partner: await partner('limited'), baseUrl: 'https://school.example/api' }) as Record<
    string,
    unknown
  >;
  const broken = { ...doc, paths: { '/appointments': { get: { parameters: [{ name: 'x' }] } } } };
  expect((await new Validator().validate(broken as never)).valid).toBe(false);
});
