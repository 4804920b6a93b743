import 'server-only';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { schoolYearStart } from '@/lib/partner-api/values';
import { onderwijstijdQueryInput, onderwijstijdQuerySchema } from './query';

/** The period asked, checked whole; what is not given: this school year up to the day asked (else today). */
export function onderwijstijdPeriod(search: URLSearchParams): { from: string; to: string } {
  const asked = onderwijstijdQueryInput(search);
  const to = typeof asked.to === 'string' ? asked.to : today(serverEnv().SCHOOL_TIME_ZONE);
  // A `to` that is no date leaves `from` as it is: the schema says what is wrong with it.
  const from = /^\d{4}-\d{2}-\d{2}$/.test(to) ? schoolYearStart(to) : to;
  const { from: f, to: t } = onderwijstijdQuerySchema.parse({ from, to, ...asked });
  return { from: f, to: t };
}
