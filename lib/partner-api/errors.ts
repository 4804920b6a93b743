import type { ApiErrorBody } from '@/lib/api/contract';
// Typed failures of the partner API and how Rooster's own API reports them. Pure.

export type PartnerErrorKind =
  /** The portal answered with an error status (in the envelope or, lacking one, in HTTP). */
  | 'upstream'
  /** No connection could be made, or it broke. */
  | 'unreachable'
  | 'timeout'
  /** The answer was not the partner API's JSON envelope (an HTML page, broken JSON). */
  | 'not-partner-api'
  | 'redirect'
  | 'too-large'
  /** The portal's name resolved to a private or local address. */
  | 'refused-address'
  /** Calls to this portal are paused after repeated failures (circuit breaker). */
  | 'paused';

export interface PartnerErrorInfo {
  status?: number;
  details?: string;
  eventId?: number | string | null;
  /** Seconds, from Retry-After. */
  retryAfter?: number;
}

export class PartnerApiError extends Error {
  constructor(
    readonly kind: PartnerErrorKind,
    message: string,
    readonly info: PartnerErrorInfo = {},
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

/** The JSON error body of every Rooster API route. */

/** Upstream failure → our status: 400/403/404 as they are, 401, 429, 5xx and network → 502, timeout → 504. */
export function apiStatusFor(error: PartnerApiError): number {
  if (error.kind === 'timeout') return 504;
  if (error.kind === 'paused') return 503;
  if (error.kind !== 'upstream') return 502;
  const status = error.info.status ?? 502;
  if ([400, 401, 403, 404, 429].includes(status)) return status;
  return 502;
}

export function apiErrorBody(error: PartnerApiError): ApiErrorBody {
  return {
    error: {
      status: apiStatusFor(error),
      message: error.message,
      ...(error.info.details ? { details: error.info.details } : {}),
      ...(error.info.eventId != null && error.info.eventId !== 0 ? { eventId: error.info.eventId } : {}),
      ...(error.info.retryAfter !== undefined ? { retryAfter: error.info.retryAfter } : {}),
    },
  };
}
