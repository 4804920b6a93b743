import Link from 'next/link';
import type { ShellState } from '@/lib/connection/current.server';
import { ConnectionMenu } from './connection-menu';
import { MainNav } from './main-nav';

export function AppHeader({ shell }: { shell: ShellState | null }) {
  return (
    <header className="border-b border-surface-line bg-surface print:hidden">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-bold tracking-tight text-brand-strong">
          Rooster
        </Link>
        <MainNav granted={shell ? shell.granted : null} connected={Boolean(shell)} />
        <div className="ml-auto text-sm" data-testid="connection-state">
          {shell ? (
            <ConnectionMenu connections={shell.connections} activeId={shell.active.id} />
          ) : (
            <p className="text-ink-muted">
              Not connected ·{' '}
              <Link href="/connect" className="font-medium text-brand-strong underline">
                Connect
              </Link>
            </p>
          )}
        </div>
      </div>
    </header>
  );
}
