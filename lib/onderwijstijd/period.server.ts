import 'server-only';
import { isIsoDate, today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { schoolYearOf } from '@/lib/partner-api/values';
import { onderwijstijdQueryInput, onderwijstijdQuerySchema, type OnderwijstijdQuery } from './query';

/**
 * What a request or page asks, checked whole (a ZodError, said as a 400 or on the page); what is not
 * given: the school year of the day given (else of today), from 1 August to 31 July — programmed and
 * expected reach the year's end, realised today.
 */
export function onderwijstijdAsked(search: URLSearchParams): OnderwijstijdQuery {
  const asked = onderwijstijdQueryInput(search);
  return onderwijstijdQuerySchema.parse({ ...defaultPeriod(asked), ...asked });
}

/** The whole school year of the day the period names (a `from`, else a `to`), else of today. */
export function defaultPeriod(asked: { from?: unknown; to?: unknown } = {}): { from: string; to: string } {
  const given = [asked.from, asked.to].find((d): d is string => typeof d === 'string' && isIsoDate(d));
  const year = schoolYearOf(given ?? today(serverEnv().SCHOOL_TIME_ZONE));
  return { from: `${year}-08-01`, to: `${year + 1}-07-31` };
}
