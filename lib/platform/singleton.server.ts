import 'server-only';

// Next bundles route handlers and pages separately, so a module-level Map could exist twice in
// one server. State that must be shared across them lives on globalThis under a fixed key.

export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<string, T | undefined>;
  const name = `__rooster_${key}`;
  return (store[name] ??= create());
}
