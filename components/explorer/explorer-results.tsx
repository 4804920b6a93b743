'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { Loading } from '@/components/ui/loading';
import { onDemand } from '@/components/ui/on-demand';
import type { usePartnerList } from '@/lib/api/partner.client';
import { partnerPaths } from '@/lib/api/proxy-paths.client';
import { portalRequest, type ExplorerRequest } from '@/lib/explorer/state';
import type { ResourceName } from '@/lib/partner-api/catalog';
import type { EndpointSpecs } from '@/lib/partner-api/catalog-types';
import { ownValue } from '@/lib/partner-api/records';
import { fieldColumns } from '@/lib/data-table/columns';
import { FailedViews, ResultViews } from './result-views';

// The comparison (and its JSON diff) loads when its tab first opens.
const CompareView = onDemand(() => import('./compare-view').then((m) => m.CompareView), { pending: <Loading /> });

/**
 * The answer of the URL's request: its table with the JSON, request, code and comparison views; the
 * table and the failed request when it failed; a hint while nothing has run.
 */
export function ExplorerResults({
  config,
  request,
  sent,
  params,
  answer,
  comparing,
}: {
  config: {
    endpoint: ResourceName;
    specs: EndpointSpecs;
    projects: { id: number; label: string }[];
    zone: string;
    portalBase: string;
  };
  request: ExplorerRequest;
  sent: ExplorerRequest;
  params: URLSearchParams;
  answer: ReturnType<typeof usePartnerList<ResourceName>>;
  comparing: boolean;
}) {
  const t = useTranslations('explorer');
  const columns = useMemo<TableColumn[]>(
    () =>
      fieldColumns(config.specs, request.fields).map((c) => ({
        ...c,
        hiddenByDefault: false,
        value: (r: TableRow) => ownValue(r, c.id),
      })),
    [config.specs, request.fields],
  );
  // The order while the URL names none: by start (appointments, absences), else by id.
  const orderBy = ['start', 'id'].find((f) => request.fields.includes(f));
  const order = useMemo(() => (orderBy ? [{ id: orderBy, desc: false }] : []), [orderBy]);
  const table = (
    <DataTable
      tableId={`explore-${config.endpoint}`}
      columns={columns}
      rows={answer.data?.data ?? []}
      loading={answer.isFetching && !answer.data}
      error={answer.error}
      onRetry={() => void answer.refetch()}
      empty={t('answer.empty')}
      exportName={{
        endpoint: config.endpoint,
        project: request.projects.length === 1 ? String(request.projects[0]) : 'all',
      }}
      zone={config.zone}
      // Rows in an order the person sees on a header: by start where the answer has it, else by id.
      defaultSorting={order}
    />
  );

  if (answer.data)
    return (
      <ResultViews
        meta={answer.data.meta}
        table={table}
        path={partnerPaths.list(config.endpoint, params)}
        readAt={answer.dataUpdatedAt}
        compare={{
          open: comparing,
          panel: (
            <CompareView
              // A new request starts the comparison afresh (its kept answer and match key).
              key={params.toString()}
              endpoint={config.endpoint}
              specs={config.specs}
              request={sent}
              rows={answer.data.data}
              readAt={answer.dataUpdatedAt}
              onReread={() => void answer.refetch()}
              rereadError={answer.error}
              projects={config.projects}
              zone={config.zone}
            />
          ),
        }}
      />
    );
  if (answer.error)
    return (
      <FailedViews
        failure={table}
        request={portalRequest(
          config.portalBase,
          config.endpoint,
          sent,
          config.projects.map((p) => p.id),
        )}
      />
    );
  return table;
}
