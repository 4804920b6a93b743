'use client';

import { LOCALE_COOKIE, type AppLocale } from './locale-names';

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Remembers the interface language in this browser (read by the server on every request). */
export function rememberLocale(locale: AppLocale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
}
