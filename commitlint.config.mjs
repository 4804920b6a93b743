// Commit messages a newcomer can scan: a subject of at most 72 characters, the detail in the body
// after a blank line. Checked by the commit-msg hook (simple-git-hooks, installed by `npm install`)
// and by `npm test` on every commit since the rule began (scripts/lib/commits.mjs).
const config = {
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-min-length': [2, 'always', 3],
    'body-leading-blank': [2, 'always'],
  },
};

export default config;
