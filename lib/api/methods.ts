import { apiText, apiTranslator, say } from './api-text';
import type { AppLocale } from '@/lib/i18n/locales';

// The methods Rooster answers at all, and the answer for every other one (TRACE, CONNECT,
// PROPFIND, a made-up verb) on any address, page or API: a 405 in the API's `{error}` shape, in
// words, with no stack and no path of the server. Pure: proxy.ts and the server's socket guard
// (lib/platform/methods.server.ts) share it.

export const ANSWERED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A request header of our own: the method Node received when it had to be carried under another. */
export const METHOD_HEADER = 'x-rooster-method';

/** The method a request really came with, when Rooster does not answer it; null otherwise. */
export function oddMethod(method: string, carried: string | null): string | null {
  if (carried) return carried;
  return (ANSWERED_METHODS as readonly string[]).includes(method) ? null : method;
}

/** A method name as it may be repeated in an answer: an HTTP token, short. */
export const shownMethod = (method: string) => (/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,24}$/.test(method) ? method : '?');

export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An `{error}` answer, said in `locale`, with the headers every API error carries. */
export function errorAnswer(status: number, message: string, headers: Record<string, string> = {}): PlainAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify({ error: { status, message } }),
  };
}

export function methodNotAllowed(method: string, locale: AppLocale): PlainAnswer {
  const t = apiTranslator(locale);
  return errorAnswer(
    405,
    say(t, apiText('request.methodUnknown', { method: shownMethod(method), allowed: ANSWERED_METHODS.join(', ') })),
    { allow: ANSWERED_METHODS.join(', ') },
  );
}
