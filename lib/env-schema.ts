import { z } from 'zod';
import { parseRange } from './net/client-address';

// Pure and importable by tests and scripts; `lib/env.server.ts` is the server-only entry point.

const originPattern = /^(https?):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^(https?):\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** A comma-separated list, each entry normalized and checked (`problem` says what is wrong with one). */
const commaList = (normalize: (entry: string) => string, problem: (entry: string) => string | null) =>
  z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const entries = raw.split(',').map(normalize).filter(Boolean);
      for (const entry of entries) {
        const message = problem(entry);
        if (message) ctx.addIssue({ code: 'custom', message: `"${entry}" ${message}` });
      }
      return entries;
    });

/**
 * `https://school.example`, `https://*.school.example`, `http://127.0.0.1:4010`, or `https://*`
 * (any HTTPS host, with private addresses refused after DNS resolution); no path.
 */
const originListSchema = commaList(
  (s) => s.trim().replace(/\/+$/, '').toLowerCase(),
  (origin) =>
    origin !== '*' && origin !== 'https://*' && !originPattern.test(origin)
      ? 'is not an origin (scheme://host[:port], optionally with a leading "*." on the host)'
      : null,
);

/** `10.0.0.5, 10.1.0.0/16, ::1`: the reverse proxies whose X-Forwarded-For is believed. */
const addressListSchema = commaList(
  (s) => s.trim(),
  (entry) => (parseRange(entry) ? null : 'is not an IP address or CIDR range (such as 10.0.0.5, 10.0.0.0/8 or ::1)'),
);

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().positive().max(max).default(fallback);

export const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SESSION_SECRET: z
    .string({ error: 'is required: a random string of at least 32 characters (e.g. `openssl rand -base64 32`)' })
    .min(32, 'must be at least 32 characters long'),
  SESSION_SECRET_PREVIOUS: z
    .string()
    .min(32, 'must be at least 32 characters long when set')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_TTL_HOURS: positiveInt(12, 24 * 30),
  /** "Stay connected on this device": days since last use a connection lasts (never past its token). */
  SESSION_MAX_DAYS: positiveInt(30, 365),
  ALLOWED_PORTAL_ORIGINS: originListSchema,
  SCHOOL_TIME_ZONE: z
    .string()
    .default('Europe/Amsterdam')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Amsterdam'),
  TIMETABLE_POLL_SECONDS: positiveInt(60, 3600),
  UPSTREAM_TIMEOUT_MS: positiveInt(30_000, 60_000),
  /** How long a portal that kept failing is paused (its circuit breaker open), on every instance. */
  PORTAL_COOLDOWN_SECONDS: positiveInt(15, 3600),
  /** Redis (or Valkey) for state shared by several instances; empty: the embedded store in STATE_DIR. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How much the server logs (JSON lines on stdout). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Connect attempts allowed per minute from one client address, and to one portal base URL. */
  CONNECT_LIMIT_PER_ADDRESS: positiveInt(10, 100_000),
  CONNECT_LIMIT_PER_PORTAL: positiveInt(30, 100_000),
  /** Reverse proxies (addresses or CIDRs) whose X-Forwarded-For names the client; empty: the socket's peer. */
  TRUSTED_PROXIES: addressListSchema,
  /** Heavy reads (large lists, exports) one session may have in flight at once. */
  HEAVY_READS_PER_SESSION: positiveInt(4, 1000),
  /** The embedded state store's folder (one machine; survives restarts). */
  STATE_DIR: z.string().min(1).default('.rooster/state'),
  /** Set by `npm run demo` and the tests: the sandbox portal's base URL, pre-filled on /connect. */
  DEMO_PORTAL_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:4010/api' }).optional(),
  /** `off`: the streamed partner list reads go through Next's route too (lib/proxy/partner-stream-front.server.ts). */
  PARTNER_FRONT: z.enum(['on', 'off']).default('on'),
  /**
   * How far V8's old generation may grow past what the last full collection kept, in percent
   * (lib/platform/heap-policy.server.ts); 0 leaves V8's own choice.
   */
  HEAP_GROWING_PERCENT: z.preprocess(
    (v) => (v === '' ? undefined : v), // empty (a compose file's leftover) is unset, not 0
    z.coerce
      .number({ error: 'must be a whole number of percent, such as 100' })
      .int({ error: 'must be a whole number of percent, such as 100' })
      .min(0, { error: 'must be 0 or more' })
      .max(400, { error: 'must be at most 400' })
      .default(100),
  ),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server environment:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example.`);
    this.name = 'EnvError';
  }
}

export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'} ${issue.message}`);
  throw new EnvError(problems);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
