#!/usr/bin/env node
// `npm start`: the production build's standalone server (what `next start` cannot serve with
// `output: 'standalone'`), its browser files copied first if a plain `next build` left them out.
// Without a build it stops with one line saying what to run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { prepareStandalone, standaloneServer } from './lib/build.mjs';
import { root } from './lib/setup.mjs';

const dir = process.env.ROOSTER_ROOT ?? root;
const problem = prepareStandalone(dir);
if (problem) {
  process.stderr.write(`npm start: ${problem}\n`);
  process.exit(1);
}
const server = spawn(
  process.execPath,
  [dir === root ? standaloneServer : join(dir, '.next', 'standalone', 'server.js')],
  {
    cwd: dir,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: process.env.PORT ?? '3000',
      // The shell's HOSTNAME is the machine's name, not an address to listen on: HOST chooses one.
      HOSTNAME: process.env.HOST ?? '0.0.0.0',
      // The standalone server runs from its own folder: the state lives with the project instead.
      STATE_DIR: process.env.STATE_DIR ?? join(dir, '.rooster', 'state'),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
