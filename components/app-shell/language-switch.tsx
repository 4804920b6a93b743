'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { rememberLocale } from '@/lib/i18n/locale-cookie.client';
import { LOCALES, type AppLocale } from '@/lib/i18n/locale-names';

/** Nederlands | English: remembered in a cookie; the page re-renders in place, the view kept. */
export function LanguageSwitch() {
  const t = useTranslations('common.language');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (locale: AppLocale) => {
    rememberLocale(locale);
    startTransition(() => router.refresh());
  };
  return (
    <div role="group" aria-label={t('label')} className="flex items-center gap-1 text-xs">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          // aria-disabled, not disabled: a disabled button drops keyboard focus to the page's start.
          aria-disabled={pending || undefined}
          onClick={() => (pending ? undefined : choose(locale))}
          className={
            locale === current
              ? 'menu-item min-w-11 justify-center rounded px-2 py-1 font-semibold text-brand-strong ring-1 ring-brand md:min-w-0'
              : 'menu-item min-w-11 justify-center rounded px-2 py-1 text-ink-muted hover:bg-surface-sunken hover:text-ink md:min-w-0'
          }
        >
          <abbr title={t(locale)} className="no-underline">
            {locale.toUpperCase()}
          </abbr>
        </button>
      ))}
    </div>
  );
}
