import Link from 'next/link';
import type { ConnectionSummary } from '@/lib/connection/types';
import { MainNav } from './main-nav';

export function AppHeader({ connection }: { connection: ConnectionSummary | null }) {
  return (
    <header className="border-b border-surface-line bg-surface print:hidden">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-bold tracking-tight text-brand-strong">
          Rooster
        </Link>
        <MainNav />
        <ConnectionBadge connection={connection} />
      </div>
    </header>
  );
}

function ConnectionBadge({ connection }: { connection: ConnectionSummary | null }) {
  if (!connection) {
    return (
      <p className="ml-auto text-sm text-ink-muted" data-testid="connection-state">
        Not connected ·{' '}
        <Link href="/connect" className="font-medium text-brand-strong underline">
          Connect
        </Link>
      </p>
    );
  }
  return (
    <p className="ml-auto text-sm text-ink-muted" data-testid="connection-state">
      Connected to <span className="font-medium text-ink">{connection.partnerName}</span> at{' '}
      <span className="font-mono">{new URL(connection.portalOrigin).host}</span>
    </p>
  );
}
