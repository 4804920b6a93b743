// The interface's languages: Dutch first (the users' language), English the other. The choice
// is the person's (a cookie set by the switch in the header), else the browser's languages
// (locales.ts, on the server). The names alone, for the browser too: the language switch and the
// cookie it sets import this file and not locales.ts, whose Accept-Language negotiation
// (negotiator, content-type, the locale matcher) has no use in the browser.

export const LOCALES = ['nl', 'en'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'nl';
/** Remembers the switch in the header; not a secret, readable by the page. */
export const LOCALE_COOKIE = 'rooster-locale';

export const isLocale = (value: unknown): value is AppLocale => LOCALES.includes(value as AppLocale);
