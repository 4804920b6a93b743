import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { AppHeader } from '@/components/app-shell/header';
import { ViewRecorder } from '@/components/app-shell/view-recorder';
import { getShellState } from '@/lib/connection/current.server';
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
  const [shell, locale, t] = await Promise.all([getShellState(), getLocale(), getTranslations('common')]);
  return (
    <html lang={locale}>
      <body className="min-h-screen font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider>
          <AppHeader shell={shell} />
          <Providers connectionId={shell?.active.id ?? null}>
            <Suspense>
              <ViewRecorder />
            </Suspense>
            <main id="main" className="mx-auto max-w-screen-2xl px-4 py-6">
              {children}
            </main>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
