import 'server-only';
import { serverEnv } from '@/lib/env.server';
import { exchangeCode, readPartner } from '@/lib/partner-api/client.server';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { checkPortalUrl } from '@/lib/partner-api/portal-url';
import {
  newConnectionId,
  readSession,
  TooManyConnections,
  withConnection,
  writeSession,
} from '@/lib/session/session.server';
import { HttpError } from './api.server';
import { limitConnectAttempt } from './connect-limit.server';
import { summarize } from './connection.server';

// Connecting: check the URL, exchange the code (or take the token), read /partners/~me to prove
// the token works, then keep it in the sealed cookie. Failures in plain words.

export type ConnectInput =
  { method: 'code'; portalUrl: string; code: string } | { method: 'token'; portalUrl: string; token: string };

export async function connectToPortal(input: ConnectInput, clientAddress: string) {
  const env = serverEnv();
  const check = checkPortalUrl(input.portalUrl, env.ALLOWED_PORTAL_ORIGINS);
  if (!check.ok) throw new HttpError(400, check.message, { field: 'portalUrl' });
  // Counted before anything reaches the portal (per base URL: that is where codes are guessed).
  await limitConnectAttempt(clientAddress, check.baseUrl);
  const target = { baseUrl: check.baseUrl, trust: check.trust };
  // Connect attempts are anyone's: they never feed the breaker that protects connected users' reads.
  const settings = { timeoutMs: env.UPSTREAM_TIMEOUT_MS, breaker: null };

  let token: string;
  if (input.method === 'code') {
    try {
      token = (await exchangeCode(target, input.code, settings)).access_token;
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
      throw new HttpError(
        400,
        'The portal refused the token. It may be mistyped, expired or revoked; ask the portal administrator for a new authorization code.',
        { field: input.method === 'token' ? 'token' : undefined, eventId: error.info.eventId },
      );
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
  };
  try {
    await writeSession(withConnection(state.status === 'ok' ? state.data : null, connection));
  } catch (error) {
    if (error instanceof TooManyConnections) throw new HttpError(409, error.message);
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
    return new HttpError(
      400,
      used
        ? 'This authorization code was already used. A code works once: ask the portal administrator for a new one, or connect with the access token you got the first time.'
        : 'The portal does not know this authorization code. Check the 12 digits, or ask the portal administrator for a new code.',
      { field: 'code', eventId: error.info.eventId },
    );
  }
  return explainPortalFailure(error, origin);
}

function explainPortalFailure(error: unknown, origin: string): Error {
  if (!(error instanceof PartnerApiError)) return error as Error;
  const host = new URL(origin).host;
  switch (error.kind) {
    case 'unreachable':
    case 'timeout':
      return new HttpError(
        502,
        `The portal at ${host} could not be reached. Check the address and your network, then try again.`,
        { field: 'portalUrl' },
      );
    case 'not-partner-api':
    case 'redirect':
      return new HttpError(
        502,
        `${host} did not answer as a partner API (${error.message.replace(/\.$/, '')}). Check that the portal URL ends in /api.`,
        { field: 'portalUrl' },
      );
    case 'refused-address':
      return new HttpError(400, error.message, { field: 'portalUrl' });
    default:
      return new HttpError(502, `The portal answered with an error: ${error.message}`, {
        eventId: error.info.eventId,
        details: error.info.details,
      });
  }
}

/** A partner name as stored and shown: no control characters, at most 200 characters. */
export function boundedName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean || 'Unnamed partner';
}
