import type { ApiErrorBody } from '@/lib/api/contract';
import { inEnglish, say, type ApiText, type ApiTranslate } from '@/lib/api/api-text';
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
  | 'paused'
  /** The reader went away before the answer began: the call was let go (not retried, not held against the portal). */
  | 'cancelled';

export interface PartnerErrorInfo {
  status?: number;
  details?: string;
  eventId?: number | string | null;
  /** Seconds, from Retry-After. */
  retryAfter?: number;
}

/**
 * A failure of a portal call. Rooster's own words (a timeout, a redirect, a pause) are kept as
 * `text` and said in the reader's language where the failure is shown; the portal's own message
 * (kind `upstream`) is a plain string and stays as the portal sent it. `message` and
 * `info.details` always hold the English, for logs and for callers that do not translate.
 */
export class PartnerApiError extends Error {
  readonly info: PartnerErrorInfo;
  /** Rooster's own words for the message, when they are not the portal's. */
  readonly text?: ApiText;
  /** Rooster's own words for the details, when they are not the portal's. */
  readonly detailsText?: ApiText;

  constructor(
    readonly kind: PartnerErrorKind,
    message: string | ApiText,
    info: Omit<PartnerErrorInfo, 'details'> & { details?: string | ApiText } = {},
  ) {
    super(inEnglish(message));
    this.name = 'PartnerApiError';
    const { details, ...rest } = info;
    this.info = details === undefined ? rest : { ...rest, details: inEnglish(details) };
    if (typeof message !== 'string') this.text = message;
    if (details !== undefined && typeof details !== 'string') this.detailsText = details;
  }
}

/**
 * PartnerApiError by its name, not its class: Next bundles each route with its own copy of this
 * module, and the process-wide breaker sees errors made by every route's copy.
 */
export const isPartnerApiError = (error: unknown): error is PartnerApiError =>
  error instanceof Error && error.name === 'PartnerApiError' && 'kind' in error && 'info' in error;

/** The failure's message and details in the reader's language (the portal's own words as they are). */
export function partnerErrorText(error: PartnerApiError, t: ApiTranslate): { message: string; details?: string } {
  const details = error.detailsText ? say(t, error.detailsText) : error.info.details;
  return { message: error.text ? say(t, error.text) : error.message, ...(details ? { details } : {}) };
}

/** The failure's message in the reader's language: a page's error state, or inside another sentence. */
export const partnerErrorMessage = (error: PartnerApiError, t: ApiTranslate): string =>
  partnerErrorText(error, t).message;

/** Upstream failure → our status: 400/403/404 as they are, 401, 429, 5xx and network → 502, timeout → 504. */
export function apiStatusFor(error: PartnerApiError): number {
  if (error.kind === 'timeout') return 504;
  if (error.kind === 'paused') return 503;
  if (error.kind !== 'upstream') return 502;
  const status = error.info.status ?? 502;
  if ([400, 401, 403, 404, 429].includes(status)) return status;
  return 502;
}

/** The JSON error body of every Rooster API route; Rooster's own words in `t`'s language (English without). */
export function apiErrorBody(error: PartnerApiError, t?: ApiTranslate): ApiErrorBody {
  const { message, details } = t ? partnerErrorText(error, t) : { message: error.message, details: error.info.details };
  return {
    error: {
      status: apiStatusFor(error),
      message,
      ...(details ? { details } : {}),
      ...(error.info.eventId != null && error.info.eventId !== 0 ? { eventId: error.info.eventId } : {}),
      ...(error.info.retryAfter !== undefined ? { retryAfter: error.info.retryAfter } : {}),
    },
  };
}
