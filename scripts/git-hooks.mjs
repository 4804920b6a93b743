#!/usr/bin/env node
// `npm install` (prepare) installs the repo's git hooks with simple-git-hooks: commit-msg runs
// commitlint. Never fails an install: outside a git checkout (a package, a container build) it
// does nothing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (existsSync('.git') && !process.env.SKIP_GIT_HOOKS) {
  const result = spawnSync('npx', ['--no', 'simple-git-hooks'], { stdio: 'inherit' });
  if (result.status !== 0)
    process.stdout.write('git hooks not installed (simple-git-hooks failed); commits are still checked by npm test\n');
}
