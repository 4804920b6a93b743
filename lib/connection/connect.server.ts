import 'server-only';
import { apiText, asClause } from '@/lib/api/api-text';
import { serverEnv } from '@/lib/env.server';
import { exchangeCode, readPartner } from '@/lib/partner-api/client.server';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { checkPortalUrl } from '@/lib/partner-api/portal-url';
import { MAX_CONNECTIONS } from '@/lib/session/seal.server';
import {
  newConnectionId,
  readSession,
  TooManyConnections,
  withConnection,
  writeSession,
} from '@/lib/session/session.server';
import { HttpError } from '@/lib/platform/api.server';
import { admitConnectAttempt, recordConnectFailure } from '@/lib/platform/connect-limit.server';
import { summarize } from './connection.server';

// Connecting: check the URL, exchange the code (or take the token), read /partners/~me to prove
// the token works, then keep it in the sealed cookie. Failures in plain words (`api.connect`),
// said in the request's language by route().

export type ConnectInput = (
  { method: 'code'; portalUrl: string; code: string } | { method: 'token'; portalUrl: string; token: string }
) & {
  /** "Stay connected on this device": the session decides what that means for its lifetime. */
  stayConnected?: boolean;
};

export async function connectToPortal(input: ConnectInput, clientAddress: string) {
  const env = serverEnv();
  const check = checkPortalUrl(input.portalUrl, env.ALLOWED_PORTAL_ORIGINS);
  if (!check.ok) throw new HttpError(400, check.text, { field: 'portalUrl' });
  // Admitted before anything reaches the portal (per base URL: that is where codes are guessed);
  // an admitted attempt that does not connect counts as a failure for the portal and this address.
  await admitConnectAttempt(clientAddress, check.baseUrl);
  try {
    return await connectAdmitted(input, check, env.UPSTREAM_TIMEOUT_MS);
  } catch (error) {
    // Only a full session is not a failure: the portal took the code.
    if (!(error instanceof HttpError && error.status === 409)) await recordConnectFailure(clientAddress, check.baseUrl);
    throw error;
  }
}

async function connectAdmitted(
  input: ConnectInput,
  check: Extract<ReturnType<typeof checkPortalUrl>, { ok: true }>,
  timeoutMs: number,
) {
  const target = { baseUrl: check.baseUrl, trust: check.trust };
  // Connect attempts are anyone's: they never feed the breaker that protects connected users' reads.
  const settings = { timeoutMs, breaker: null };

  let token: string;
  // When the token ends, as the portal said at the exchange: no connection outlives it.
  let tokenExpiresAt: number | null = null;
  if (input.method === 'code') {
    try {
      const exchanged = await exchangeCode(target, input.code, settings);
      token = exchanged.access_token;
      const seconds = Number(exchanged.expires_in);
      if (Number.isFinite(seconds) && seconds > 0) tokenExpiresAt = Date.now() + seconds * 1000;
    } catch (error) {
      throw explainCodeFailure(error, check.origin);
    }
  } else token = input.token;

  let partnerName: string;
  try {
    // The name goes into the session cookie: bounded, so a hostile portal cannot blow up Set-Cookie.
    partnerName = boundedName((await readPartner({ ...target, token }, settings)).name);
  } catch (error) {
    if (error instanceof PartnerApiError && error.kind === 'upstream' && [401, 403].includes(error.info.status ?? 0)) {
      throw new HttpError(400, apiText('connect.tokenRefused'), {
        field: input.method === 'token' ? 'token' : undefined,
        eventId: error.info.eventId,
      });
    }
    throw explainPortalFailure(error, check.origin);
  }

  const state = await readSession();
  const connection = {
    id: newConnectionId(),
    baseUrl: check.baseUrl,
    token,
    partnerName,
    connectedAt: Date.now(),
    revealable: input.method === 'code',
    ...(input.stayConnected ? { stay: true, lastUsedAt: Date.now() } : {}),
    tokenExpiresAt,
  };
  try {
    await writeSession(await withConnection(state.status === 'ok' ? state.data : null, connection));
  } catch (error) {
    if (error instanceof TooManyConnections)
      throw new HttpError(409, apiText('connect.tooManyConnections', { max: MAX_CONNECTIONS }));
    throw error;
  }
  return { connection: summarize(connection), revealable: connection.revealable };
}

function explainCodeFailure(error: unknown, origin: string): Error {
  if (
    error instanceof PartnerApiError &&
    error.kind === 'upstream' &&
    [400, 401, 403, 404].includes(error.info.status ?? 0)
  ) {
    const used = /already|used|gebruikt|expired|verlopen/i.test(`${error.message} ${error.info.details ?? ''}`);
    return new HttpError(400, apiText(used ? 'connect.codeUsed' : 'connect.codeUnknown'), {
      field: 'code',
      eventId: error.info.eventId,
    });
  }
  return explainPortalFailure(error, origin);
}

function explainPortalFailure(error: unknown, origin: string): Error {
  if (!(error instanceof PartnerApiError)) return error as Error;
  const host = new URL(origin).host;
  const words = error.text ?? error.message;
  switch (error.kind) {
    case 'unreachable':
    case 'timeout':
      return new HttpError(502, apiText('connect.unreachable', { host }), { field: 'portalUrl' });
    case 'not-partner-api':
    case 'redirect':
      return new HttpError(502, apiText('connect.notPartnerApi', { host, reason: asClause(words) }), {
        field: 'portalUrl',
      });
    case 'refused-address':
      return new HttpError(400, words, { field: 'portalUrl' });
    default:
      // The portal's own message as it sent it (details too); Rooster's words when it sent none.
      return new HttpError(502, apiText('connect.portalError', { message: words }), {
        eventId: error.info.eventId,
        details: error.detailsText ?? error.info.details,
      });
  }
}

/** A partner name as stored and shown: no control characters, at most 200 characters. */
export function boundedName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean || 'Unnamed partner';
}
