import 'server-only';
import { apiText } from '@/lib/api/api-text';
import { PartnerApiError } from '../errors';
import { anyEnvelopeSchema } from '../schemas';
import { readEnvelopeHead } from '../envelope-head';

// The portal's answers and failures made the client's typed errors: the body's status wins, a
// status said twice is refused, a broken-off or oversized answer has its own kind. Apart because
// the buffered call, the streamed reads and the breaker's settings all judge answers the same way.

export const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' });

/** Why an answer stopped before its end: the call's time ran out (its signal), or the portal broke it off. */
export function brokeOff(error: unknown, signal: AbortSignal): PartnerApiError {
  if (signal.aborted) return networkError(Object.assign(new Error('aborted'), { name: 'AbortError' }));
  return error instanceof PartnerApiError ? error : networkError(error, apiText('partner.broke'));
}

/** Errors made from a 429/502/503/504 answer: these may be tried again. */
export const retryableStatus = new WeakSet<PartnerApiError>();

/** A portal that is down or broken, as opposed to one that refused a request (4xx). */
export function countsAsPortalFailure(error: PartnerApiError): boolean {
  if (error.kind === 'upstream') return (error.info.status ?? 0) >= 500;
  return error.kind === 'unreachable' || error.kind === 'timeout' || error.kind === 'not-partner-api';
}

export function cancelled() {
  return new PartnerApiError('cancelled', apiText('partner.cancelled'));
}

export function tooLarge(max: number) {
  return new PartnerApiError('too-large', apiText('partner.tooLarge'), {
    details: apiText('partner.tooLargeDetails', { mb: String(Math.round(max / 1024 / 1024)) }),
  });
}

export function networkError(error: unknown, message = apiText('partner.unreachable')): PartnerApiError {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  // The call's signal ends a request with an AbortError: its time ran out (a reader that left is
  // told apart by `guarded`, as `cancelled`).
  if (e.name === 'AbortError') {
    return new PartnerApiError('timeout', apiText('partner.timeout'), {
      details: apiText('partner.timeoutDetails'),
    });
  }
  if (code === 'EREFUSEDADDRESS' || /refused address/.test(e.message ?? '')) {
    return new PartnerApiError('refused-address', apiText('partner.refusedAddress'));
  }
  return new PartnerApiError('unreachable', message, { details: code || e.message || undefined });
}

function readRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Parses the body and applies "the body's status wins". */
export function interpret(raw: {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}): {
  status: number;
  body: unknown;
  records: unknown[] | null;
} {
  let body: unknown;
  try {
    body = JSON.parse(raw.text);
  } catch {
    const type = String(raw.headers['content-type'] ?? '');
    throw new PartnerApiError(
      'not-partner-api',
      apiText(type.includes('html') ? 'partner.webPage' : 'partner.notJson'),
      { status: raw.status, details: apiText('partner.checkApiPath') },
    );
  }
  const envelope = anyEnvelopeSchema.safeParse(body);
  const status = envelope.success ? envelope.data.response.status : raw.status;
  if (envelope.success) {
    // A status said twice (before `data`, or once before and again after it: JSON.parse keeps the
    // last) is not trusted: a 401 among them is a refused token, anything else not the partner API.
    const said = readEnvelopeHead(raw.text).statuses;
    if (said.length > 1 || (said.length === 1 && said[0] !== status)) {
      if (said.includes(401) || status === 401) throw errorFrom({ ...raw, status: 401, body });
      throw new PartnerApiError('not-partner-api', apiText('partner.twoStatuses'), {
        status: raw.status,
        details: apiText('partner.checkApiPath'),
      });
    }
  }
  if (status >= 400) throw errorFrom({ ...raw, status, body });
  const data = envelope.success ? envelope.data.response.data : undefined;
  return { status, body, records: Array.isArray(data) ? data : null };
}

export function errorFrom(raw: {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  text?: string;
}): PartnerApiError {
  let body = raw.body;
  if (body === undefined && raw.text) {
    try {
      body = JSON.parse(raw.text);
    } catch {
      body = undefined;
    }
  }
  const envelope = anyEnvelopeSchema.safeParse(body);
  const r = envelope.success ? envelope.data.response : undefined;
  // The portal's own message as it sent it; Rooster's words only when it sent none.
  return new PartnerApiError('upstream', r?.message || apiText('partner.status', { status: String(raw.status) }), {
    status: raw.status >= 400 ? raw.status : (r?.status ?? raw.status),
    details: r?.details ?? undefined,
    eventId: r?.eventId ?? null,
    retryAfter: readRetryAfter(raw.headers['retry-after']),
  });
}
