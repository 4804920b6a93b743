import type { AppLocale } from './locales';
import type { Messages } from '@/messages';

// Typed messages: `t('timetable.nowLine')` with a key that does not exist fails to compile.
declare module 'next-intl' {
  interface AppConfig {
    Locale: AppLocale;
    Messages: Messages;
  }
}
