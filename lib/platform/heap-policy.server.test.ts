import { afterEach, describe, expect, it, vi } from 'vitest';

Object.assign(process.env, { SESSION_SECRET: 'unit-only-secret-0123456789abcdefghijklmnop' });
vi.mock('node:v8', async (original) => ({ ...(await original<object>()), setFlagsFromString: vi.fn() }));
const { setFlagsFromString } = await import('node:v8');

async function applyWith(value: string | undefined) {
  vi.resetModules();
  vi.mocked(setFlagsFromString).mockClear();
  if (value === undefined) delete process.env.HEAP_GROWING_PERCENT;
  else process.env.HEAP_GROWING_PERCENT = value;
  const { applyHeapPolicy } = await import('./heap-policy.server');
  applyHeapPolicy();
}

describe('the heap policy', () => {
  afterEach(() => delete process.env.HEAP_GROWING_PERCENT);

  it('lets the old generation grow to twice what was kept unless told otherwise', async () => {
    await applyWith(undefined);
    expect(setFlagsFromString).toHaveBeenCalledWith('--heap-growing-percent=100');
    await applyWith('250');
    expect(setFlagsFromString).toHaveBeenCalledWith('--heap-growing-percent=250');
  });

  it('leaves V8 its own choice at 0', async () => {
    await applyWith('0');
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });
});
