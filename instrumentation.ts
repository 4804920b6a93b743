// Runs once when the server starts: a bad environment stops it with a message naming every
// bad variable, rather than failing later on a person's first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { parseServerEnv } = await import('./lib/env-schema');
  parseServerEnv(process.env);
}
