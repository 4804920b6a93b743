// The commit-message rule (commitlint.config.mjs) for `npm test`: every commit since the rule
// began, so a subject over 72 characters fails CI even where the local hook was not installed.
import { execFileSync } from 'node:child_process';
import { bin, log, root, run } from './setup.mjs';

/** The last commit before the rule; the ones after it are checked. */
export const RULE_BEGAN_AFTER = '5b31cd34bd3907ef5c8a60a2f7cc663aa1b06677';

export async function checkCommitMessages(env) {
  const has = (ref) => {
    try {
      execFileSync('git', ['cat-file', '-e', `${ref}^{commit}`], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!has('HEAD')) {
    log('Commit messages: not a git checkout, nothing to check.');
    return 0;
  }
  // A shallow clone may lack the rule's first commit: then the newest commit is checked alone.
  const from = has(RULE_BEGAN_AFTER) ? RULE_BEGAN_AFTER : 'HEAD~1';
  const args = has(from) ? ['--from', from, '--to', 'HEAD'] : ['--last'];
  return run(bin('commitlint'), [...args, '--verbose'], { env });
}
