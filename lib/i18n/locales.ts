import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

// The interface's languages: Dutch first (the users' language), English the other. The choice
// is the person's (a cookie set by the switch in the header), else the browser's languages.

export const LOCALES = ['nl', 'en'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'nl';
/** Remembers the switch in the header; not a secret, readable by the page. */
export const LOCALE_COOKIE = 'rooster-locale';

export const isLocale = (value: unknown): value is AppLocale => LOCALES.includes(value as AppLocale);

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
