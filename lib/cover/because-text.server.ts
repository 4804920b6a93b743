import 'server-only';
import { createTranslator } from 'next-intl';
import type { AppLocale } from '@/lib/i18n/locales';
import { plainClockTime } from '@/lib/format/dates';
import { messages } from '@/messages';
import { becauseWords, type CoverSay } from './words';
import type { CoverAnswer } from './types';

// `GET /api/cover` says each proposal's `because` as a sentence in the request's language, the
// same words the page shows (./words `becauseWords`), for integrators who read the answer only.

const translators = new Map<AppLocale, CoverSay>();

function coverSay(locale: AppLocale): CoverSay {
  let say = translators.get(locale);
  if (!say) {
    const t = createTranslator({ locale, messages: messages[locale], namespace: 'cover' });
    say = (key, values) => (t as unknown as CoverSay)(key, values);
    translators.set(locale, say);
  }
  return say;
}

export function withBecauseText(answer: CoverAnswer, locale: AppLocale, zone: string): CoverAnswer {
  const say = coverSay(locale);
  const clock = (t: number) => plainClockTime(t, zone);
  return {
    ...answer,
    data: answer.data.map((l) =>
      l.because ? { ...l, because: { ...l.because, text: becauseWords(l.because, say, clock) } } : l,
    ),
  };
}
