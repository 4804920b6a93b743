// A module hook for benches that call server code in their own process (`register` it before a
// dynamic import): `server-only` resolves as in React's server build, where it is an empty module.
// Next's build and vitest (an alias to tests/support/empty-module.ts) do the same; tsx alone does not.

export async function resolve(specifier, context, next) {
  if (specifier !== 'server-only') return next(specifier, context);
  return next(specifier, { ...context, conditions: [...context.conditions, 'react-server'] });
}
