import { expect, request, test } from '@playwright/test';
import { Dashboard } from './instance';
import { portalUrl, sandbox } from './support';

// Issue 34 §4: the partner front layer (docs/decisions/0001-partner-front-layer.md) is in front of
// Next's request handler on the built server, under both ways of starting it: `npm start` (what
// scripts/start.mjs runs: the standalone .next/standalone/server.js) and `next start` (the project's
// .next, which Next serves with a warning under `output: 'standalone'`). A Next upgrade that
// registers its listener another way leaves the layer behind it (or out): this says so in one line.
//
// How it is seen: the layer's request log line carries `front: true` (the route's has none), so a
// streamed read answered 200 with that line in the server's log was answered by the layer.

const base = Number(process.env.E2E_PORT ?? 3100);
// Ports of their own (restart +2, attack +3, partner-front +5, hardening +7).
const MODES = [
  {
    mode: 'npm start (scripts/start.mjs: the standalone server)',
    server: new Dashboard(base + 8, ['scripts/start.mjs']),
  },
  {
    mode: 'next start',
    server: new Dashboard(base + 9, [
      'node_modules/next/dist/bin/next',
      'start',
      '-H',
      '127.0.0.1',
      '-p',
      `${base + 9}`,
    ]),
  },
];

/** The layer's log lines for `route` in a server's output (pino's JSON lines among Next's own). */
function frontLines(output: string, route: string) {
  return output.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    try {
      const entry = JSON.parse(line) as { front?: boolean; route?: string; status?: number };
      return entry.front === true && entry.route === route && entry.status === 200;
    } catch {
      return false;
    }
  });
}

for (const { mode, server } of MODES) {
  test(`the partner front layer answers a streamed read under ${mode}`, async () => {
    test.setTimeout(120_000);
    // scripts/start.mjs takes its address from HOST; the log level is the default, said here.
    await server.start({ HOST: '127.0.0.1', LOG_LEVEL: 'info' }, { keepOutput: true });
    const api = await request.newContext({ baseURL: server.origin });
    try {
      const connected = await api.post('/api/connections', {
        headers: { 'x-rooster-client': '1', origin: server.origin },
        data: { method: 'code', portalUrl, code: await sandbox.newCode('demo') },
      });
      expect(connected.status(), await connected.text()).toBe(201);
      const route = '/api/partner/branches';
      const read = await api.get(route, { headers: { 'x-rooster-client': '1' } });
      expect(read.status(), await read.text()).toBe(200);
      // The line is written as the answer begins: a moment for the pipe, then one clear line.
      const deadline = Date.now() + 5_000;
      while (frontLines(server.output, route).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      if (frontLines(server.output, route).length === 0)
        throw new Error(
          `The partner front layer is not in front of Next's handler under ${mode}: see docs/decisions/0001-partner-front-layer.md`,
        );
    } finally {
      await api.dispose();
      await server.stop();
    }
  });
}
