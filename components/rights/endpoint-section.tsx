'use client';

import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { endpointTitle } from '@/lib/i18n/endpoint-title';
import type { Attention, EndpointRightsView, RightsRow } from '@/lib/rights/compare';
import { cardClass } from '@/components/ui/card';
import { Table, TableCell, TableHead } from '@/components/ui/table';

// Each badge's words are `rights.badge.<key>` (its label) and `<key>Title` (its explanation).
const badges = {
  'unsupported-granted': { key: 'unsupportedGranted', className: 'bg-state-warn-bg text-state-warn' },
  'supported-missing': { key: 'supportedMissing', className: 'bg-surface-sunken text-ink-muted' },
  'unknown-to-spec': { key: 'unknownToSpec', className: 'bg-brand-soft text-brand-strong' },
  deprecated: { key: 'deprecated', className: 'bg-state-danger-bg text-state-danger' },
} as const satisfies Record<Attention, { key: string; className: string }>;

/** Every endpoint opened or closed at once ("Alles openklappen"), counted so the same choice twice still acts. */
export interface FoldAll {
  open: boolean;
  times: number;
}

export function EndpointSection({
  view,
  filtered,
  foldAll,
}: {
  view: EndpointRightsView;
  filtered: boolean;
  foldAll: FoldAll | null;
}) {
  const t = useTranslations('rights.endpoint');
  const labels = useTranslations('labels');
  const missing = view.rows.filter((r) => r.attention.includes('supported-missing') && r.kind === 'field');
  // Each endpoint's table starts folded on every screen (every field of every endpoint is metres
  // long): its heading says what it gives; a tap, a link to it (#endpoint-…), a search or
  // "open all" opens it.
  const rows = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = rows.current;
    if (!details) return;
    const openIfAsked = () => {
      if (window.location.hash === `#endpoint-${view.endpoint}`) details.open = true;
    };
    openIfAsked();
    window.addEventListener('hashchange', openIfAsked);
    return () => window.removeEventListener('hashchange', openIfAsked);
  }, [view.endpoint]);
  useEffect(() => {
    if (filtered && rows.current) rows.current.open = true;
  }, [filtered]);
  useEffect(() => {
    if (foldAll && rows.current) rows.current.open = foldAll.open;
  }, [foldAll]);
  return (
    <section
      id={`endpoint-${view.endpoint}`}
      aria-labelledby={`title-${view.endpoint}`}
      className={cardClass('default', 'scroll-mt-4')}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`title-${view.endpoint}`} className="text-lg font-semibold">
          <a href={`#endpoint-${view.endpoint}`} className="hover:underline" translate="no">
            /{view.endpoint}
          </a>{' '}
          <span className="text-sm font-normal text-ink-muted">{endpointTitle(view.endpoint, view.title, labels)}</span>
        </h2>
        <p
          className={`text-sm font-medium ${view.granted ? 'text-state-ok' : 'text-ink-muted'}`}
          data-testid={`granted-${view.endpoint}`}
        >
          {view.granted ? t('granted', { readable: view.counts.readable }) : t('notGranted')}
        </p>
      </div>
      {view.partial ? <p className="mt-1 text-xs text-ink-muted">{t('partial')}</p> : null}
      {view.granted && missing.length > 0 ? (
        <p className="mt-2 rounded-md bg-surface-sunken p-2 text-sm" data-testid={`missing-${view.endpoint}`}>
          {t.rich('missing', {
            fields: missing.map((r) => r.name).join(', '),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ) : null}
      {view.rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{filtered ? t('noMatch') : t('noFields')}</p>
      ) : (
        <details ref={rows} className="mt-3" data-testid={`rows-${view.endpoint}`}>
          <summary className="cursor-pointer text-sm font-medium">
            {t('rowsSummary', { count: view.rows.length })}
          </summary>
          <div className="mt-2 overflow-x-auto">
            <Table className="min-w-[48rem]">
              <caption className="sr-only">{t('caption', { endpoint: view.endpoint })}</caption>
              <thead className="text-ink-muted">
                <tr>
                  <TableHead>{t('name')}</TableHead>
                  <TableHead>{t('type')}</TableHead>
                  <TableHead>{t('spec')}</TableHead>
                  <TableHead>{t('readable')}</TableHead>
                  <TableHead>{t('filterable')}</TableHead>
                  <TableHead pad="end">{t('notes')}</TableHead>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => (
                  <Row
                    key={`${row.kind}-${row.name}`}
                    row={row}
                    tryOut={view.granted ? tryOutHref(view.endpoint, row) : null}
                  />
                ))}
              </tbody>
            </Table>
          </div>
        </details>
      )}
    </section>
  );
}

/** The explorer with this field selected (or this filter added), where the rights allow it. */
function tryOutHref(endpoint: string, row: RightsRow): string | null {
  if (row.kind === 'field' && row.readable) return `/explorer/${endpoint}?fields=${encodeURIComponent(row.name)}`;
  if (row.filterable) return `/explorer/${endpoint}?p.${encodeURIComponent(row.name)}=`;
  return null;
}

function Row({ row, tryOut }: { row: RightsRow; tryOut: string | null }) {
  const t = useTranslations('rights');
  const yes = (v: boolean) => (v ? t('endpoint.yes') : '—');
  return (
    <tr className="border-t border-surface-line align-top" data-field={row.name}>
      <TableCell>
        {tryOut ? (
          <PendingLink
            href={tryOut}
            className="font-mono text-brand-strong underline-offset-2 hover:underline"
            title={t('endpoint.tryOut', { name: row.name })}
            translate="no"
          >
            {row.name}
          </PendingLink>
        ) : (
          <span className="font-mono" translate="no">
            {row.name}
          </span>
        )}
        {row.kind === 'filter' ? <span className="ml-1 text-xs text-ink-muted">{t('endpoint.filter')}</span> : null}
        {row.attention.map((a) => (
          <span
            key={a}
            title={t(`badge.${badges[a].key}Title`)}
            className={`ml-1 inline-block rounded px-1.5 text-xs font-medium ${badges[a].className}`}
          >
            {t(`badge.${badges[a].key}`)}
          </span>
        ))}
      </TableCell>
      <TableCell className="font-mono text-xs">{row.type}</TableCell>
      <TableCell>
        {row.supported === null
          ? t('endpoint.notInSpec')
          : row.supported
            ? t('endpoint.supported')
            : t('endpoint.unsupported')}
      </TableCell>
      <TableCell>{row.kind === 'field' ? yes(row.readable) : ''}</TableCell>
      <TableCell>{yes(row.filterable)}</TableCell>
      <TableCell pad="end" className="text-ink-muted">
        {row.notes}
      </TableCell>
    </tr>
  );
}
