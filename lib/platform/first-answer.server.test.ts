import { describe, expect, it } from 'vitest';
import { firstAnswer, joinedRead, pageAnswer } from './first-answer.server';

describe('a page’s first answer', () => {
  it('is the answer when it comes in time', async () => {
    expect(await firstAnswer(Promise.resolve({ day: 1 }), 100)).toEqual({ day: 1 });
  });
  it('is null when the answer fails, or comes too late', async () => {
    expect(await firstAnswer(Promise.reject(new Error('portal down')), 100)).toBeNull();
    expect(await firstAnswer(new Promise((r) => setTimeout(() => r('late'), 200)), 20)).toBeNull();
  });
  it('as the page’s answer names the connection and what it was read for', async () => {
    const before = Date.now();
    const answer = await pageAnswer('c1', 'week=2026-W47', Promise.resolve({ rows: 3 }));
    expect(answer).toMatchObject({ connectionId: 'c1', key: 'week=2026-W47', answer: { rows: 3 } });
    expect(answer!.readAt).toBeGreaterThanOrEqual(before);
    expect(await pageAnswer('c1', 'k', Promise.reject(new Error('down')))).toBeNull();
  });
});

describe('a joined read', () => {
  it('is read once while it runs: a second ask of the same key joins it, another key or a later ask reads again', async () => {
    let reads = 0;
    let finish: (v: string) => void = () => {};
    const read = () => {
      reads++;
      return new Promise<string>((r) => (finish = r));
    };
    const first = joinedRead('c1 teachers 2026-W47', read);
    const second = joinedRead('c1 teachers 2026-W47', read);
    expect(reads).toBe(1);
    void joinedRead('c2 teachers 2026-W47', () => Promise.resolve('other'));
    finish('figures');
    expect(await first).toBe('figures');
    expect(await second).toBe('figures');
    // Done: the next ask reads anew.
    expect(await joinedRead('c1 teachers 2026-W47', () => Promise.resolve('again'))).toBe('again');
    // A failed read is not kept either: the next ask reads.
    await expect(joinedRead('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await joinedRead('k', () => Promise.resolve('up'))).toBe('up');
  });
});

describe('a joined read left by its readers', () => {
  const hanging = (cancelled: string[], key: string) => (cancel: AbortSignal) =>
    new Promise<string>((_, reject) => {
      cancel.addEventListener('abort', () => {
        cancelled.push(key);
        reject(new Error('cancelled'));
      });
    });

  it('is cancelled when the only reader that waited leaves (its slot is freed), and read anew after', async () => {
    const cancelled: string[] = [];
    const leave = new AbortController();
    const read = joinedRead('k1', hanging(cancelled, 'k1'), leave.signal);
    read.catch(() => undefined);
    leave.abort();
    await expect(read).rejects.toThrow('cancelled');
    expect(cancelled).toEqual(['k1']);
    // The next reader starts a read of its own, not the cancelled one.
    await expect(joinedRead('k1', async () => 'again')).resolves.toBe('again');
  });

  it('goes on while another reader waits for it', async () => {
    const cancelled: string[] = [];
    const leave = new AbortController();
    let finish!: (v: string) => void;
    const first = joinedRead(
      'k2',
      (cancel) =>
        new Promise<string>((resolve) => {
          finish = resolve;
          cancel.addEventListener('abort', () => cancelled.push('k2'));
        }),
      leave.signal,
    );
    const second = joinedRead('k2', async () => 'not read');
    leave.abort();
    finish('the week');
    await expect(second).resolves.toBe('the week');
    await expect(first).resolves.toBe('the week');
    expect(cancelled).toEqual([]);
  });
});
