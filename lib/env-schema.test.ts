import { describe, expect, it } from 'vitest';
import { EnvError, parseServerEnv } from './env-schema';

const secret = 'x'.repeat(32);

describe('server environment', () => {
  it('applies defaults', () => {
    const env = parseServerEnv({ SESSION_SECRET: secret });
    expect(env).toMatchObject({
      SESSION_TTL_HOURS: 12,
      SCHOOL_TIME_ZONE: 'Europe/Amsterdam',
      TIMETABLE_POLL_SECONDS: 60,
      UPSTREAM_TIMEOUT_MS: 30_000,
      ALLOWED_PORTAL_ORIGINS: [],
    });
  });

  it('reads the origin allowlist', () => {
    const env = parseServerEnv({
      SESSION_SECRET: secret,
      ALLOWED_PORTAL_ORIGINS: 'https://*.portal.example, http://127.0.0.1:4010/,https://*',
    });
    expect(env.ALLOWED_PORTAL_ORIGINS).toEqual(['https://*.portal.example', 'http://127.0.0.1:4010', 'https://*']);
  });

  it('reads the trusted proxies (addresses and CIDRs, none by default) and the heavy-read limit', () => {
    expect(parseServerEnv({ SESSION_SECRET: secret })).toMatchObject({
      TRUSTED_PROXIES: [],
      HEAVY_READS_PER_SESSION: 4,
    });
    const env = parseServerEnv({
      SESSION_SECRET: secret,
      TRUSTED_PROXIES: '10.0.0.5, 172.16.0.0/12,::1',
      HEAVY_READS_PER_SESSION: '2',
    });
    expect(env.TRUSTED_PROXIES).toEqual(['10.0.0.5', '172.16.0.0/12', '::1']);
    expect(env.HEAVY_READS_PER_SESSION).toBe(2);
    expect(() => parseServerEnv({ SESSION_SECRET: secret, TRUSTED_PROXIES: 'nginx, 10.0.0.0/40' })).toThrow(
      /TRUSTED_PROXIES "nginx" is not an IP address[\s\S]*"10.0.0.0\/40"/,
    );
  });

  it('reads the heap growth in percent: 100 when unset or empty, 0 to leave V8 its own, a clear error else', () => {
    expect(parseServerEnv({ SESSION_SECRET: secret }).HEAP_GROWING_PERCENT).toBe(100);
    expect(parseServerEnv({ SESSION_SECRET: secret, HEAP_GROWING_PERCENT: '' }).HEAP_GROWING_PERCENT).toBe(100);
    expect(parseServerEnv({ SESSION_SECRET: secret, HEAP_GROWING_PERCENT: '0' }).HEAP_GROWING_PERCENT).toBe(0);
    expect(parseServerEnv({ SESSION_SECRET: secret, HEAP_GROWING_PERCENT: '50' }).HEAP_GROWING_PERCENT).toBe(50);
    expect(() => parseServerEnv({ SESSION_SECRET: secret, HEAP_GROWING_PERCENT: 'lots' })).toThrow(
      /HEAP_GROWING_PERCENT.*whole number of percent/,
    );
    expect(() => parseServerEnv({ SESSION_SECRET: secret, HEAP_GROWING_PERCENT: '900' })).toThrow(/at most 400/);
  });

  it('names every bad variable at once', () => {
    try {
      parseServerEnv({
        SESSION_SECRET: 'short',
        SESSION_TTL_HOURS: 'soon',
        SCHOOL_TIME_ZONE: 'Mars/Olympus',
        ALLOWED_PORTAL_ORIGINS: 'school.example/api',
        UPSTREAM_TIMEOUT_MS: '90000',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as Error).message;
      for (const name of [
        'SESSION_SECRET',
        'SESSION_TTL_HOURS',
        'SCHOOL_TIME_ZONE',
        'ALLOWED_PORTAL_ORIGINS',
        'UPSTREAM_TIMEOUT_MS',
      ]) {
        expect(message).toContain(name);
      }
    }
  });

  it('requires a session secret', () => {
    expect(() => parseServerEnv({})).toThrow(/SESSION_SECRET is required/);
  });
});
