import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '@/tests/support/portal';
import { startSandbox, type RunningSandbox } from '@/sandbox/http/app';
import { generateSchool } from '@/sandbox/school/index';
import { SNIPPET_TARGETS, snippet, TOKEN_PLACEHOLDER } from './snippets';

// The generated code runs: curl and JavaScript against a real sandbox with a real token return the
// same rows as the same request made directly.

let running: RunningSandbox;
let client: PortalClient;
beforeAll(async () => {
  running = await startSandbox({ data: generateSchool({ seed: 1 }), log: () => {} });
  client = await new PortalClient(running.origin).connect('demo');
});
afterAll(() => running.close());

const rowsOf = (body: string) => (JSON.parse(body) as { response: { data: unknown[] } }).response.data;

describe('code snippets', () => {
  it('exist for every language and never hold a real token', () => {
    for (const t of SNIPPET_TARGETS) {
      const code = snippet('GET https://school.example/api/branches?fields=id,name&schoolInSchoolYear=1', t.id);
      expect(code, t.id).toContain(TOKEN_PLACEHOLDER);
      expect(code, t.id).toContain('school.example/api/branches');
    }
  });

  it('curl and JavaScript, run against the sandbox with a real token, return the rows of the request', async () => {
    const me = (await client.get<{ schoolInSchoolYears: { id: number }[] }>('/partners/~me')).body.response.data[0]!;
    const projects = me.schoolInSchoolYears.map((p) => p.id).join(',');
    const request = `GET ${running.origin}/api/branches?fields=code,name&schoolInSchoolYear=${projects}`;
    const expected = (
      await client.get<{ code: string }>('/branches', { fields: 'code,name', schoolInSchoolYear: projects })
    ).body.response.data;
    expect(expected.length).toBeGreaterThan(0);
    const withToken = (code: string) => code.split(TOKEN_PLACEHOLDER).join(client.token!);

    // curl, as a shell runs it.
    const curl = await promisify(execFile)('sh', ['-c', withToken(snippet(request, 'curl'))]);
    expect(rowsOf(curl.stdout)).toEqual(expected);

    // JavaScript fetch, its console.log caught.
    const logged: unknown[] = [];
    const run = new Function('console', `return (async () => { ${withToken(snippet(request, 'fetch'))} })()`);
    await run({ log: (x: unknown) => logged.push(x), error: (x: unknown) => logged.push(x) });
    await expect.poll(() => logged.length).toBeGreaterThan(0);
    expect((logged[0] as { response: { data: unknown[] } }).response.data).toEqual(expected);
  });
});
