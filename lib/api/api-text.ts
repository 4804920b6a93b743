import { createTranslator, type MessageKeys, type NestedKeyOf } from 'next-intl';
import type { AppLocale } from '@/lib/i18n/locales';
import { messages, type Messages } from '@/messages';

// The words of Rooster's own API answers and failures (messages/<locale>/api.json), kept as a key
// with its values until an answer is made, then said in the request's language. Pure, so the
// modules that find a problem (a query check, a portal URL check, the partner API client) need
// not know who will read it. The portal's own messages are never put through this.

type ApiMessages = Messages['api'];

/** A message of the `api` namespace: `'request.notJson'`, `'proxy.value.date'`. */
export type ApiKey = MessageKeys<ApiMessages, NestedKeyOf<ApiMessages>>;

/** Words to be said later: a key and its values, which may themselves be words (said first). */
export interface ApiText {
  readonly key: ApiKey;
  readonly values?: Readonly<Record<string, string | number | ApiText>>;
  /** Said as part of another sentence: without its final full stop. */
  readonly clause?: boolean;
}

export const apiText = (key: ApiKey, values?: ApiText['values']): ApiText => (values ? { key, values } : { key });

/** The same words, to go inside another sentence (no final full stop). */
export const asClause = (text: ApiText | string): ApiText | string =>
  typeof text === 'string' ? text.replace(/\.$/, '') : { ...text, clause: true };

/** Says an `api` key in one language; next-intl's `getTranslations('api')` fits it too. */
export type ApiTranslate = (key: ApiKey, values?: Record<string, string | number>) => string;

const translators = new Map<AppLocale, ApiTranslate>();

/** The `api` messages of one language. */
export function apiTranslator(locale: AppLocale): ApiTranslate {
  let t = translators.get(locale);
  if (!t) {
    const translate = createTranslator({ locale, messages: messages[locale], namespace: 'api' });
    t = (key, values) => translate(key, values);
    translators.set(locale, t);
  }
  return t;
}

export const isApiText = (value: unknown): value is ApiText =>
  typeof value === 'object' && value !== null && typeof (value as ApiText).key === 'string';

/** Words said with a translator; a plain string (the portal's words, or not yet converted) as it is. */
export function say(t: ApiTranslate, text: ApiText | string): string {
  if (typeof text === 'string') return text;
  const values = text.values
    ? Object.fromEntries(Object.entries(text.values).map(([k, v]) => [k, isApiText(v) ? say(t, v) : v]))
    : undefined;
  const said = t(text.key, values);
  return text.clause ? said.replace(/\.$/, '') : said;
}

/** Today's English: what Error.message holds, for logs and for code that has no reader's language. */
export const inEnglish = (text: ApiText | string): string => say(apiTranslator('en'), text);

/** Whether a string is a key of the `api` messages (zod schemas carry keys as their messages). */
export function isApiKey(value: string): value is ApiKey {
  let node: unknown = messages.en.api;
  for (const part of value.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  // A message as written (a string), or as the build compiled it (next.config.mjs's precompile:
  // a string when it has no placeholder, else an array).
  return typeof node === 'string' || Array.isArray(node);
}
