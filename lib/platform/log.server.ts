import 'server-only';
import pino from 'pino';

// Structured JSON logs (pino): one line per API request and one per upstream call. Never a token,
// code or cookie: the lines carry paths, statuses and ids only, and the fields that could hold a
// secret are redacted should one ever be passed.

export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: 'rooster' },
  redact: {
    paths: ['token', 'code', 'cookie', 'authorization', '*.token', '*.code', '*.cookie', '*.authorization'],
    censor: '[redacted]',
  },
  timestamp: pino.stdTimeFunctions.isoTime,
});
