import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { partnerSchema } from '@/lib/partner-api/schemas';
import { PortalClient } from '@/tests/support/portal';
import { startSandbox, type RunningSandbox } from '@/sandbox/http/app';
import { generateSchool } from '@/sandbox/school/index';
import { openApiDocument } from './document';

// Redocly's linter with its recommended rules, as an integrator's CI would run it on the document:
// no errors on any preset. The one warning it gives, `info-license`, is kept on purpose
// (docs/openapi.md): the document describes the school's portal, whose licence the spec does not
// state, and Rooster does not invent one.

let running: RunningSandbox;
beforeAll(async () => {
  running = await startSandbox({ data: generateSchool({ seed: 1 }), log: () => {} });
});
afterAll(() => running.close());

it.each(['demo', 'basic', 'limited'])('the %s document lints with no errors (recommended rules)', async (preset) => {
  const client = await new PortalClient(running.origin).connect(preset);
  const partner = partnerSchema.parse((await client.get('/partners/~me')).body);
  const doc = openApiDocument({ partner, baseUrl: 'https://school.example/api' });
  const problems = await lintDocument({
    document: makeDocumentFromString(JSON.stringify(doc), `/${preset}.json`),
    config: await createConfig({ extends: ['recommended'] }),
    externalRefResolver: new BaseResolver(),
  });
  const said = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
  expect(said.filter((p) => p.startsWith('error'))).toEqual([]);
  expect(said).toEqual(['warn info-license #/info: Info object should contain `license` field.']);
});

it('the linter does find a broken document (so its silence means something)', async () => {
  const client = await new PortalClient(running.origin).connect('demo');
  const doc = openApiDocument({
    partner: partnerSchema.parse((await client.get('/partners/~me')).body),
    baseUrl: 'https://school.example/api',
  }) as { paths: Record<string, { get: { operationId: string } }> };
  const [first, second] = Object.values(doc.paths);
  second!.get.operationId = first!.get.operationId;
  const problems = await lintDocument({
    document: makeDocumentFromString(JSON.stringify(doc), '/broken.json'),
    config: await createConfig({ extends: ['recommended'] }),
    externalRefResolver: new BaseResolver(),
  });
  expect(problems.map((p) => p.ruleId)).toContain('operation-operationId-unique');
});
