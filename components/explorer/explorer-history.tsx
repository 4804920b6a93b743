'use client';

import { linkClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import { NO_CONNECTION, useConnectionId } from '@/lib/api/connection.client';
import { useUrlList } from '@/lib/browser/url-list.client';
import { explorerHistory } from '@/lib/explorer/history.client';
import { useFormats } from '@/lib/format/use-formats.client';
import { cardClass } from '@/components/ui/card';

/** The last requests made here, newest first; one click runs one again. */
export function ExplorerHistory({ zone }: { zone: string }) {
  const t = useTranslations('explorer.history');
  const f = useFormats();
  const connectionId = useConnectionId();
  const entries = useUrlList(explorerHistory, connectionId === NO_CONNECTION ? null : connectionId);
  if (!entries || entries.length === 0) return null;
  return (
    <details className={cardClass('compact', 'text-sm')}>
      <summary className="cursor-pointer font-semibold">{t('title', { count: entries.length })}</summary>
      <ol className="mt-2 space-y-1" data-testid="explorer-history">
        {entries.map((e) => {
          const url = new URL(e.href, 'http://x');
          return (
            <li key={e.href} className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-ink-muted">{f.dateTime(e.at / 1000, zone)}</span>
              <PendingLink href={e.href} className={linkClass('font-mono text-xs')} translate="no">
                {decodeURIComponent(url.pathname.replace(/^\/explore/, ''))}?{url.searchParams.get('fields')}
              </PendingLink>
              {e.rows !== undefined ? <span className="text-ink-muted">{t('rows', { count: e.rows })}</span> : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
