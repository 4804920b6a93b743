import 'server-only';
import pino from 'pino';
import { serverEnvSchema } from '@/lib/env-schema';

// Structured JSON logs (pino): one line per API request and one per upstream call. Never a token,
// code or cookie: the lines carry paths, statuses and ids only, and the fields that could hold a
// secret are redacted should one ever be passed.

export const log = pino({
  // Through the settings schema (the one place settings are read), alone: the logger exists before
  // the whole environment is checked, and a bad level is said at start by parseServerEnv.
  level: serverEnvSchema.shape.LOG_LEVEL.catch('info').parse(process.env.LOG_LEVEL),
  base: { service: 'rooster' },
  redact: {
    paths: ['token', 'code', 'cookie', 'authorization', '*.token', '*.code', '*.cookie', '*.authorization'],
    censor: '[redacted]',
  },
  timestamp: pino.stdTimeFunctions.isoTime,
});
