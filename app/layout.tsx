import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AppHeader } from '@/components/app-shell/header';
import { getShellState } from '@/lib/connection/current.server';
import { Providers } from './providers';
import './globals.css';

// Every page depends on the session cookie and carries a per-request CSP nonce.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Rooster', template: '%s · Rooster' },
  description: 'Timetables, staff and partner rights from your school portal, at a glance.',
  icons: { icon: '/favicon.svg' },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const shell = await getShellState();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <AppHeader shell={shell} />
        <Providers connectionId={shell?.active.id ?? null}>
          <main id="main" className="mx-auto max-w-screen-2xl px-4 py-6">
            {children}
          </main>
        </Providers>
      </body>
    </html>
  );
}
