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
