'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Loading } from '@/components/ui/loading';
import { onDemand } from '@/components/ui/on-demand';
import { usePartnerList } from '@/lib/api/partner.client';
import { useConnectionId } from '@/lib/api/connection.client';
import { proxyParams } from '@/lib/explorer/state';
import { explorerHistory } from '@/lib/explorer/history.client';
import { useExplorerDraft, type DraftConfig } from '@/lib/explorer/use-explorer-draft.client';
import { AnswerSummary } from './answer-summary';
import { ExplorerHistory } from './explorer-history';
import { OutsideRights } from './explorer-help';
import { RangeExport } from './range-export';
import { RequestForm } from './request-form';

// The answer's views (its table, JSON, code and comparison) load with the first request run, beside
// its read: a page opened to build a request does not ship a table it has nothing for.
const ExplorerResults = onDemand(() => import('./explorer-results').then((m) => m.ExplorerResults), {
  pending: <Loading />,
});

export interface ExplorerConfig extends DraftConfig {
  projects: { id: number; label: string }[];
  /** The portal's API base (`https://school.example/api`): a failed request's code is shown against it. */
  portalBase: string;
}

/** Try an endpoint: pick fields, build filters, see the exact request, its answer and timing. */
export function ExplorerScreen({ config }: { config: ExplorerConfig }) {
  const { supported, request, draft, setDraft, submit, sent, params, comparing } = useExplorerDraft(config);
  const answer = usePartnerList(config.endpoint, params, request.run);
  const connectionId = useConnectionId();
  const t = useTranslations('explorer');
  // Each answered request joins this browser's history (its URL runs it again).
  const answeredRows = answer.data?.meta.totalRows;
  useEffect(() => {
    if (!request.run || answeredRows === undefined) return;
    explorerHistory.remember(connectionId, {
      href: `${window.location.pathname}${window.location.search}`,
      at: Date.now(),
      rows: answeredRows,
    });
  }, [connectionId, request.run, answeredRows, answer.dataUpdatedAt]);

  // A shared link or a rights-page link may ask for what this token may not read: say so, leave it out.
  const outside = {
    fields: request.fields.filter((f) => !config.readFields.includes(f)),
    filters: request.filters.map(([k]) => k).filter((k) => !config.filterFields.includes(k)),
  };

  return (
    <div className="space-y-4">
      <OutsideRights endpoint={config.endpoint} {...outside} />
      <ExplorerHistory zone={config.zone} />
      <RequestForm config={config} supported={supported} draft={draft} setDraft={setDraft} onSubmit={submit} />
      {request.run && answer.data ? <AnswerSummary meta={answer.data.meta} /> : null}
      {request.run ? (
        <ExplorerResults
          config={config}
          request={request}
          sent={sent}
          params={params}
          answer={answer}
          comparing={comparing}
        />
      ) : (
        <p className="text-sm text-ink-muted">{t('answer.notRun')}</p>
      )}
      {config.endpoint === 'appointments' ? (
        <RangeExport
          query={proxyParams({ ...request, filters: request.filters.filter(([k]) => k !== 'start' && k !== 'end') })}
          defaultFrom={config.thisWeek.from}
          defaultTo={config.thisWeek.to}
        />
      ) : null}
    </div>
  );
}
