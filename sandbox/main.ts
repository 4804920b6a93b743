import { parseArgs } from 'node:util';
import { isIsoDate } from '../lib/partner-api/calendar';
import { startSandbox } from './http/app';
import { DEFAULT_SEED } from './school/index';
import { schoolToday } from './school/present';

// `npm run sandbox [-- --seed N --scale N --today YYYY-MM-DD --live SECONDS --port N]`: the
// simulated school portal. Without a date it is today's school (SANDBOX_TODAY sets another); the
// tests, the bench and the screenshots pin `--today 2026-11-20`, the fixed school.

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    scale: { type: 'string', default: '1' },
    today: { type: 'string', default: process.env.SANDBOX_TODAY || undefined },
    live: { type: 'string' },
    port: { type: 'string', default: process.env.SANDBOX_PORT ?? '4010' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const number = (name: string, raw: string | undefined, min: number, max: number) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")\n`);
    process.exit(2);
  }
  return n;
};

const seed = number('seed', values.seed, 0, 2 ** 31);
const scale = number('scale', values.scale, 1, 20);
const port = number('port', values.port, 0, 65535);
const today = values.today ?? schoolToday();
if (!isIsoDate(today)) {
  process.stderr.write(`--today must be a date as YYYY-MM-DD, e.g. 2026-11-20 (got "${today}")\n`);
  process.exit(2);
}
const started = performance.now();
const running = await startSandbox({ seed, scale, today, port, host: values.host });
const { data } = running.sandbox;
const { moment } = data;
process.stdout.write(
  `Sandbox partner API on ${running.baseUrl}\n` +
    `  school: ${data.school.name} (seed ${seed}, scale ${scale}): ${data.appointments.size} appointment versions, ` +
    `${data.school.students.size} students, ${data.school.employees.size} employees; ready in ${Math.round(performance.now() - started)} ms\n` +
    `  date: ${moment.today}${moment.schoolDay === moment.today ? '' : ` (no school: shows ${moment.schoolDay})`}, ` +
    `school year ${moment.year}-${moment.year + 1}, cover days ${moment.coverDays.join(', ')}\n` +
    `  a one-time code: curl -X POST ${running.origin}/admin/partners/demo/codes\n`,
);

if (values.live) {
  const seconds = number('live', values.live, 1, 3600);
  setInterval(() => {
    const changed = running.sandbox.simulate(3 + Math.floor(Math.random() * 5));
    process.stdout.write(`[sandbox] live: ${changed.length} appointment versions changed\n`);
  }, seconds * 1000).unref();
  process.stdout.write(`  live changes every ${seconds} s\n`);
}

const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
