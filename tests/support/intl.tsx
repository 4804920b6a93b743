import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import type { AppLocale } from '@/lib/i18n/locales';
import { messages } from '@/messages';

/** Renders a component the way the app does: inside next-intl's provider, in one language. */
export function renderWithIntl(ui: ReactElement, locale: AppLocale = 'en', options?: RenderOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Europe/Amsterdam">
      {children}
    </NextIntlClientProvider>
  );
  return render(ui, { wrapper, ...options });
}
