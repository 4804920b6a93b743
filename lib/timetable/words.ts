import type { useTranslations } from 'next-intl';
import { longWeekday } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';

// The translators the timetable's pure modules take (they never call hooks): a component passes
// `useTranslations('timetable')` / `useTranslations('labels')`, a route handler the same from
// `getTranslations`, a test `createTranslator` over `messages`.

/** Messages `timetable.*`. */
export type TimetableT = ReturnType<typeof useTranslations<'timetable'>>;
/** Messages `labels.*`: words other areas reuse (appointment types, kinds of change). */
export type LabelsT = ReturnType<typeof useTranslations<'labels'>>;

/** What block words, the screen-reader sentence and the exports need. */
export interface Words {
  t: TimetableT;
  labels: LabelsT;
  locale: AppLocale;
}

/** "Monday" / "maandag" for an ISO weekday (1 = Monday), from Intl in the interface's language. */
export const dayName = (weekday: number, locale: AppLocale): string => longWeekday(weekday, locale);
