import { describe, expect, it } from 'vitest';
import { firstAnswer } from './first-answer.server';

describe('a page’s first answer', () => {
  it('is the answer when it comes in time', async () => {
    expect(await firstAnswer(Promise.resolve({ day: 1 }), 100)).toEqual({ day: 1 });
  });
  it('is null when the answer fails, or comes too late', async () => {
    expect(await firstAnswer(Promise.reject(new Error('portal down')), 100)).toBeNull();
    expect(await firstAnswer(new Promise((r) => setTimeout(() => r('late'), 200)), 20)).toBeNull();
  });
});
