import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 32 §5: a bad setting was logged while the server kept listening, answering 500 to
// everything (health included). The process must stop instead (the browser test
// tests/e2e/hardening.spec.ts starts the built server with it and sees it exit non-zero).

afterEach(() => vi.restoreAllMocks());

describe('a bad setting at start', () => {
  it('stops the process with a non-zero code, naming the setting', async () => {
    Object.assign(process.env, {
      NEXT_RUNTIME: 'nodejs',
      SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop',
      TRUSTED_PROXIES: 'bogus',
    });
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { register } = await import('@/instrumentation');
    await expect(register()).rejects.toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(said.mock.calls.flat().join(' ')).toMatch(/TRUSTED_PROXIES/);
  });
});
