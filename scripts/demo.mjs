#!/usr/bin/env node
// `npm run demo`: the sandbox partner API and the dashboard together. The sandbox is not built yet.
process.stderr.write('npm run demo needs the sandbox partner API, which has not landed yet (see the README).\n');
process.exit(1);
