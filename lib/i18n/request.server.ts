import 'server-only';
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { serverEnv } from '@/lib/env.server';
import { messages } from '@/messages';
import { LOCALE_COOKIE, pickLocale, type AppLocale } from './locales';

/** The request's interface language: the switch's cookie, else the browser's languages. */
export async function requestLocale(): Promise<AppLocale> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return pickLocale(jar.get(LOCALE_COOKIE)?.value, head.get('accept-language'));
}

// next-intl reads this once per request (pages, layouts and route handlers alike).
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: messages[locale], timeZone: serverEnv().SCHOOL_TIME_ZONE };
});
