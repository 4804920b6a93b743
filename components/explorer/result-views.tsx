'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Loading } from '@/components/ui/loading';
import { onDemand } from '@/components/ui/on-demand';
import { Tabs } from '@/components/ui/tabs';
import { ApiErrorState } from '@/components/ui/upstream-error';
import type { ProxyMeta } from '@/lib/api/contract';
import { useRawAnswer } from '@/lib/api/raw-answer.client';

/**
 * A result three ways, plus code and a comparison: the table, the portal's own JSON (read when the
 * view opens, from `path`, the proxy read the table came from), the request, runnable code.
 */
export function ResultViews({
  meta,
  table,
  path,
  readAt,
  compare,
}: {
  meta: ProxyMeta;
  table: ReactNode;
  path: string;
  /** When the table's answer was read: the JSON view reads the portal again after a new read. */
  readAt: number;
  /** The comparison view; it stays mounted so a kept answer survives a look at the other views. */
  compare?: { panel: ReactNode; open: boolean };
}) {
  const t = useTranslations('explorer.views');
  return (
    <Tabs
      label={t('label')}
      defaultIndex={compare?.open ? 4 : 0}
      tabs={[
        { name: t('table'), panel: table },
        { name: t('json'), panel: <RawJson path={path} readAt={readAt} /> },
        { name: t('request'), panel: <RequestFacts request={meta.request} answer={meta} /> },
        { name: t('code'), panel: <CodeSnippets request={meta.request} /> },
        ...(compare ? [{ name: t('compare'), panel: compare.panel, keepMounted: true }] : []),
      ]}
    />
  );
}

/**
 * A failed read: its failure (in the table's place), the request and its code, since an integrator
 * debugs exactly that request. `request` is the request as the portal gets it (`portalRequest`).
 */
export function FailedViews({ failure, request }: { failure: ReactNode; request: string }) {
  const t = useTranslations('explorer.views');
  return (
    <Tabs
      label={t('label')}
      tabs={[
        { name: t('table'), panel: failure },
        { name: t('request'), panel: <RequestFacts request={request} /> },
        { name: t('code'), panel: <CodeSnippets request={request} /> },
      ]}
    />
  );
}

// The JSON browser and the code generator load when their tab first opens: most visits never open
// them, and together they are larger than the rest of the page's own code.
const JsonBrowser = onDemand(() => import('./json-browser').then((m) => m.JsonBrowser), { pending: <Loading /> });
const CodeSnippets = onDemand(() => import('./code-snippets').then((m) => m.CodeSnippets), { pending: <Loading /> });

/** The portal's answer, pretty and collapsible; a search keeps the records that hold the text. */
function RawJson({ path, readAt }: { path: string; readAt: number }) {
  const t = useTranslations('explorer.views');
  const raw = useRawAnswer(path, readAt);
  if (raw.error) return <ApiErrorState title={t('rawFailed')} error={raw.error} onRetry={() => void raw.refetch()} />;
  if (!raw.data) return <p className="text-sm text-ink-muted">{t('rawReading')}</p>;
  return <JsonBrowser value={raw.data.meta.raw} />;
}

/** The request's URL and headers; how it went (status, duration, rows) where it was answered. */
function RequestFacts({ request, answer }: { request: string; answer?: ProxyMeta }) {
  const t = useTranslations('explorer.views');
  const rows: [string, ReactNode][] = [
    [t('url'), <code key="u">{request}</code>],
    [
      t('headers'),
      <code key="h" className="whitespace-pre">
        {'Authorization: Bearer ••••••••\nAccept: application/json'}
      </code>,
    ],
  ];
  if (answer)
    rows.push(
      [t('status'), <code key="s">{answer.status ?? '—'}</code>],
      [t('duration'), `${answer.durationMs} ms`],
      [t('rows'), String(answer.totalRows)],
    );
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm" data-testid="explorer-request">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="break-all font-mono text-xs">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
