import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type AppLocale } from './locale-names';

// Which language a request gets; the languages themselves are named in locale-names.ts (and
// passed on from here, so the server's modules keep importing this one file).
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type AppLocale } from './locale-names';

/** The cookie's choice, else the best of the browser's `Accept-Language`, else Dutch. */
export function pickLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): AppLocale {
  if (isLocale(cookie)) return cookie;
  const asked = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages();
  try {
    return match(asked, LOCALES, DEFAULT_LOCALE) as AppLocale;
  } catch {
    return DEFAULT_LOCALE; // a malformed language tag
  }
}
