import { describe, expect, it } from 'vitest';
import { serverTestEnv } from '@/tests/support/server-env';

// The connect limits: per address, attempts; per portal, failures, which slow the portal and
// refuse only the addresses that failed there, so strangers cannot lock a school out.

serverTestEnv('limit', { REDIS_URL: '', CONNECT_LIMIT_PER_ADDRESS: '10', CONNECT_LIMIT_PER_PORTAL: '30' });

const { admitConnectAttempt, portalDelayMs, recordConnectFailure } = await import('./connect-limit.server');
const { HttpError } = await import('./api.server');
const { limitKey } = await import('@/lib/net/client-address');

const portal = (name: string) => `https://${name}.example/api`;
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof HttpError ? { status: e.status, retryAfter: e.extra.retryAfter } : e),
  );

describe('the connect limits', () => {
  it('let a good code from a new address through after 100 failures from 100 others, slowed, not refused', async () => {
    const school = portal('school');
    for (let i = 0; i < 100; i++) {
      await admitConnectAttempt(`198.51.100.${i}`, school, wait);
      await recordConnectFailure(`198.51.100.${i}`, school);
    }
    waits.length = 0;
    expect(await refusal(admitConnectAttempt('203.0.113.1', school, wait))).toBeNull();
    expect(waits).toEqual([3000]);
    // An address that failed there is refused while the portal is past its failures, with Retry-After.
    const again = await refusal(admitConnectAttempt('198.51.100.7', school, wait));
    expect(again).toMatchObject({ status: 429 });
    expect((again as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect((again as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(60);
    // Another portal is not touched.
    waits.length = 0;
    expect(await refusal(admitConnectAttempt('198.51.100.7', portal('other'), wait))).toBeNull();
    expect(waits).toEqual([]);
  });

  it('never counts successes against a portal: attempts without failures are neither slowed nor refused', async () => {
    const busy = portal('busy');
    waits.length = 0;
    for (let i = 0; i < 200; i++) expect(await refusal(admitConnectAttempt(`192.0.2.${i}`, busy, wait))).toBeNull();
    expect(waits).toEqual([]);
  });

  it('refuses the eleventh attempt a minute from one address, with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await refusal(admitConnectAttempt('203.0.113.50', portal(`p${i}`), wait)));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(answers[10]).toMatchObject({ status: 429 });
  });

  it('counts an IPv6 client by its /64: a new address of the same network each time still meets the limit', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await refusal(admitConnectAttempt(`2001:db8:1:2::${(i + 1).toString(16)}:${i}`, portal(`v6-${i}`), wait)),
      );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(answers[10]).toMatchObject({ status: 429 });
    // Another /64 has its own; an IPv4-mapped address is its IPv4 address.
    expect(await refusal(admitConnectAttempt('2001:db8:1:3::1', portal('v6-x'), wait))).toBeNull();
    expect(limitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limitKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(limitKey('unknown')).toBe('unknown');
  });

  it('slows a portal in steps past its limit, up to three seconds', () => {
    expect(portalDelayMs(0, 30)).toBe(0);
    expect(portalDelayMs(29, 30)).toBe(0);
    expect(portalDelayMs(30, 30)).toBe(100);
    expect(portalDelayMs(39, 30)).toBe(1000);
    expect(portalDelayMs(10_000, 30)).toBe(3000);
  });
});
