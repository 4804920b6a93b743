import { linkClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';
import type { ShellState } from '@/lib/connection/current.server';
import { BrowserDataKeeper } from './browser-data-keeper';
import { ConnectionMenu } from './connection-menu';
import { HeaderMenu } from './header-menu';
import { LanguageSwitch } from './language-switch';
import { MainNav } from './main-nav';

export async function AppHeader({ shell }: { shell: ShellState | null }) {
  const t = await getTranslations('common');
  return (
    <header className="border-b border-surface-line bg-surface print:hidden">
      <BrowserDataKeeper connectionIds={shell ? shell.connections.map((c) => c.id) : []} />
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 md:gap-x-6 md:py-3">
        {/* Named with where it leads: in Dutch the timetable's menu item is "Rooster" too. */}
        <PendingLink
          href="/"
          aria-label={`${t('appName')} – ${t('nav.home')}`}
          className="text-lg font-bold tracking-tight text-brand-strong"
        >
          {t('appName')}
        </PendingLink>
        <HeaderMenu>
          <MainNav granted={shell ? shell.granted : null} connected={Boolean(shell)} />
          <div className="text-sm md:ml-auto" data-testid="connection-state">
            {shell ? (
              <ConnectionMenu connections={shell.connections} activeId={shell.active.id} />
            ) : (
              <p className="text-ink-muted">
                {t('connection.notConnected')} ·{' '}
                <PendingLink href="/connection" className={linkClass('menu-item font-medium')}>
                  {t('connection.connect')}
                </PendingLink>
              </p>
            )}
          </div>
          <LanguageSwitch />
        </HeaderMenu>
      </div>
    </header>
  );
}
