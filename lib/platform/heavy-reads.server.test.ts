import { describe, expect, it } from 'vitest';
import { serverTestEnv } from '@/tests/support/server-env';

// At most N heavy reads in flight per connection; the map of counts holds only connections with
// reads under way (it does not grow with every session the instance has served).

serverTestEnv('heavy', { REDIS_URL: '' });
const {
  CACHED_WEEK_POINTS,
  chargeWeekReads,
  heavyRead,
  heavyReadsInFlight,
  refundCachedWeek,
  takeHeavyRead,
  takeReadSlots,
  WEEK_POINTS,
  WEEK_READS_PER_MINUTE,
  weekPointsUsed,
} = await import('./heavy-reads.server');
const { HttpError } = await import('./api.server');

describe('heavy reads', () => {
  it('refuses the fifth at once with 429 and Retry-After, and frees a slot when a read ends', async () => {
    const releases = await Promise.all(Array.from({ length: 4 }, () => takeHeavyRead('c1', 4)));
    const refused = await takeHeavyRead('c1', 4).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, extra: { retryAfter: 2 } });
    // Another connection has slots of its own.
    (await takeHeavyRead('c2', 4))();
    releases[0]!();
    releases[0]!(); // a second release of the same slot frees nothing more
    expect(heavyReadsInFlight('c1')).toBe(3);
    const again = await takeHeavyRead('c1', 4);
    expect(heavyReadsInFlight('c1')).toBe(4);
    for (const release of [again, ...releases.slice(1)]) release();
    expect(heavyReadsInFlight('c1')).toBe(0);
  });

  it('leaves no entry behind for a connection with nothing in flight, whether the read succeeded or failed', async () => {
    for (let i = 0; i < 1000; i++) await heavyRead(`session-${i}`, async () => i);
    await expect(
      heavyRead('failing', async () => {
        throw new Error('portal down');
      }),
    ).rejects.toThrow('portal down');
    expect(heavyReadsInFlight()).toBe(0);
  });

  it('a streamed read takes a streamed-read slot, a large one a heavy-read slot besides; one release gives both back', async () => {
    const small = await Promise.all(Array.from({ length: 8 }, () => takeReadSlots('c3', false)));
    expect(heavyReadsInFlight('stream:c3')).toBe(8);
    expect(heavyReadsInFlight('c3')).toBe(0);
    await expect(takeReadSlots('c3', false)).rejects.toBeInstanceOf(HttpError);
    // Refused for want of a streamed slot: no heavy slot is kept either.
    await expect(takeReadSlots('c3', true)).rejects.toBeInstanceOf(HttpError);
    expect(heavyReadsInFlight('c3')).toBe(0);
    small[0]!();
    const large = await takeReadSlots('c3', true);
    expect(heavyReadsInFlight('c3')).toBe(1);
    large();
    large();
    for (const release of small) release();
    expect(heavyReadsInFlight('stream:c3')).toBe(0);
    expect(heavyReadsInFlight('c3')).toBe(0);
  });

  it('charges a staffing request all its weeks up front: past the minute’s week reads it is refused whole, with Retry-After', async () => {
    expect(WEEK_READS_PER_MINUTE).toBe(160);
    // Six year-long ranges (54 weeks) at once from one session: two are read, four refused before any read.
    const answers = await Promise.allSettled(Array.from({ length: 6 }, () => chargeWeekReads('c4', 54)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
    const reason = (answers.find((a) => a.status === 'rejected') as PromiseRejectedResult).reason as InstanceType<
      typeof HttpError
    >;
    expect(reason.extra.retryAfter).toBeGreaterThan(0);
    // What is left of the minute still serves smaller requests (a refused request charged nothing).
    await expect(chargeWeekReads('c4', 52)).resolves.toBeUndefined();
    await expect(chargeWeekReads('c4', 1)).rejects.toMatchObject({ status: 429 });
    // Another session has its own.
    await expect(chargeWeekReads('c5', 54)).resolves.toBeUndefined();
  });

  it('gives back most of a week the cache served: a school year read again fits the minute beside a page', async () => {
    // A school year (40 weeks) read a first time, then again from the cache: 40 × 10 + 40 × 2 points.
    await chargeWeekReads('c6', 40);
    await chargeWeekReads('c6', 40);
    for (let i = 0; i < 40; i++) await refundCachedWeek('c6');
    expect(await weekPointsUsed('c6')).toBe(40 * WEEK_POINTS + 40 * CACHED_WEEK_POINTS);
    // Without the refunds the third read would be refused; with them a whole year more fits.
    await expect(chargeWeekReads('c6', 112)).resolves.toBeUndefined();
    await expect(chargeWeekReads('c6', 1)).rejects.toMatchObject({ status: 429 });
  });

  it('charges weeks known to be kept their cached cost up front: a year read first, then visited again and again', async () => {
    // Onderwijstijd's first visit reads two school years (53 weeks each); each later visit finds
    // both kept before it is charged. Charged the full year up front, the third visit of the minute
    // was refused though it would read almost nothing.
    await chargeWeekReads('c7', 53);
    await chargeWeekReads('c7', 53);
    for (let visit = 0; visit < 2; visit++) {
      await chargeWeekReads('c7', 53, 53);
      await chargeWeekReads('c7', 53, 53);
    }
    expect(await weekPointsUsed('c7')).toBe(2 * 53 * WEEK_POINTS + 4 * 53 * CACHED_WEEK_POINTS);
    // Partly kept: the weeks not kept at the full price. More than is kept is only what is asked.
    await chargeWeekReads('c8', 53, 50);
    expect(await weekPointsUsed('c8')).toBe(3 * WEEK_POINTS + 50 * CACHED_WEEK_POINTS);
    await chargeWeekReads('c9', 10, 99);
    expect(await weekPointsUsed('c9')).toBe(10 * CACHED_WEEK_POINTS);
  });
});
