import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { AppHeader } from '@/components/app-shell/header';
import { ViewRecorder } from '@/components/app-shell/view-recorder';
import { getShellState } from '@/lib/connection/current.server';
import { DISPLAY_HEADER } from '@/lib/shell/display-mode';
import { Providers } from './providers';
import './globals.css';

// Every page depends on the session cookie and carries a per-request CSP nonce.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  return {
    title: { default: t('appName'), template: `%s · ${t('appName')}` },
    description: t('appDescription'),
    icons: { icon: '/favicon.svg' },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [shell, locale, t, requestHeaders] = await Promise.all([
    getShellState(),
    getLocale(),
    getTranslations('common'),
    headers(),
  ]);
  // A hall screen (display mode) shows the page alone: no header, no menu, the whole width.
  const display = requestHeaders.get(DISPLAY_HEADER) === '1';
  return (
    <html lang={locale} data-display={display ? '' : undefined}>
      <body className="min-h-screen font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider>
          {display ? null : <AppHeader shell={shell} />}
          <Providers connectionId={shell?.active.id ?? null}>
            <Suspense>
              <ViewRecorder />
            </Suspense>
            <main id="main" className={display ? 'px-6 py-4' : 'mx-auto max-w-screen-2xl px-4 py-6'}>
              {children}
            </main>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
