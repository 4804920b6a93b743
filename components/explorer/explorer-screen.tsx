'use client';

import { useTranslations } from 'next-intl';
import { ownValue } from '@/lib/partner-api/records';
import { useQueryState } from '@/lib/url-state.client';
import { useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { TableColumn, TableRow } from '@/components/data-table/types';
import { ProjectSelect } from '@/components/ui/project-select';
import { fieldSpec, filterOrFieldSpec, type ResourceName } from '@/lib/partner-api/catalog';
import { partnerPaths, usePartnerList } from '@/lib/api/partner.client';
import {
  lacksBounds,
  portalRequest,
  proxyParams,
  readRequest,
  weekWindowFilters,
  withFilterValue,
  writeRequest,
  type ExplorerRequest,
} from '@/lib/explorer/state';
import { fieldColumns } from '@/lib/data-table/columns';
import { defaultValue, FilterField } from './filter-input';
import { RangeExport } from './range-export';
import { FailedViews, ResultViews } from './result-views';
import { ExplorerHistory } from './explorer-history';
import { explorerHistory } from '@/lib/explorer/history.client';
import { useConnectionId } from '@/lib/api/connection.client';
import { FilterHelp, OutsideRights, specMeaning } from './explorer-help';
import { Loading } from '@/components/ui/loading';

// The comparison (and its JSON diff) loads when its tab first opens.
const CompareView = dynamic(() => import('./compare-view').then((m) => m.CompareView), { loading: Loading });

export interface ExplorerConfig {
  endpoint: ResourceName;
  readFields: string[];
  filterFields: string[];
  projects: { id: number; label: string }[];
  zone: string;
  thisWeek: { from: string; to: string };
  /** The portal's API base (`https://school.example/api`): a failed request's code is shown against it. */
  portalBase: string;
}

/** Try an endpoint: pick fields, build filters, see the exact request, its answer and timing. */
export function ExplorerScreen({ config }: { config: ExplorerConfig }) {
  const t = useTranslations('explorer');
  const supported = config.readFields.filter((f) => fieldSpec(config.endpoint, f)?.supported);
  const [request, go] = useQueryState(
    (params) =>
      readRequest(
        params,
        supported.length > 0 ? supported : config.readFields,
        weekWindowFilters(
          (name) => config.filterFields.includes(name),
          (name) => filterOrFieldSpec(config.endpoint, name)?.type,
          config.thisWeek,
          config.zone,
        ),
        (filters) => lacksBounds(config.endpoint, filters),
      ),
    writeRequest,
  );
  // The form edits a draft of the URL's request; another URL (back, history, a link) starts a new draft.
  const urlKey = writeRequest(new URLSearchParams(), request).toString();
  const [edited, setEdited] = useState<{ key: string; draft: ExplorerRequest } | null>(null);
  const draft = edited?.key === urlKey ? edited.draft : request;
  const setDraft = (next: ExplorerRequest) => setEdited({ key: urlKey, draft: next });

  // What goes upstream: the URL's request within the rights (one object per request, for memos).
  const sent = useMemo<ExplorerRequest>(
    () => ({
      ...request,
      fields: request.fields.filter((f) => config.readFields.includes(f)),
      filters: request.filters.filter(([k]) => config.filterFields.includes(k)),
    }),
    [request, config.readFields, config.filterFields],
  );
  const params = proxyParams(sent);
  const answer = usePartnerList(config.endpoint, params, request.run);
  const connectionId = useConnectionId();
  const search = useSearchParams();
  const searchKey = search.toString();
  // A link run without its window (filled in by readRequest) then names it: the address and the
  // history hold the request made.
  useEffect(() => {
    if (request.run && writeRequest(new URLSearchParams(searchKey), request).toString() !== searchKey) go(request);
  }, [request, searchKey, go]);
  // A link with a comparison opens on it.
  const comparing = search.get('vs') === '1';
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
  const filterable = config.filterFields.filter((f) => f !== 'fields' && f !== 'schoolInSchoolYear');
  const unused = filterable.filter((f) => !draft.filters.some(([k]) => k === f));
  const specOf = (name: string) => filterOrFieldSpec(config.endpoint, name);

  const columns = useMemo<TableColumn[]>(
    () =>
      fieldColumns(config.endpoint, request.fields).map((c) => ({
        ...c,
        hiddenByDefault: false,
        value: (r: TableRow) => ownValue(r, c.id),
      })),
    [config.endpoint, request.fields],
  );
  const ordered = [...supported, ...config.readFields.filter((f) => !supported.includes(f))];
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

  // A shared link or a rights-page link may ask for what this token may not read: say so, leave it out.
  const outside = {
    fields: request.fields.filter((f) => !config.readFields.includes(f)),
    filters: request.filters.map(([k]) => k).filter((k) => !config.filterFields.includes(k)),
  };

  return (
    <div className="space-y-4">
      <OutsideRights endpoint={config.endpoint} {...outside} />
      <ExplorerHistory zone={config.zone} />
      <form
        className="space-y-3 rounded-lg border border-surface-line bg-surface p-4 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...draft, run: true });
          setEdited(null);
        }}
      >
        <fieldset>
          <legend className="font-semibold">{t('form.fields')}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {ordered.map((f) => {
              const spec = fieldSpec(config.endpoint, f);
              return (
                <label key={f} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={draft.fields.includes(f)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        fields: e.target.checked ? [...draft.fields, f] : draft.fields.filter((x) => x !== f),
                      })
                    }
                  />
                  <span className="font-mono text-xs" translate="no">
                    {f}
                  </span>
                  {spec && !spec.supported ? (
                    <span className="rounded bg-state-warn-bg px-1 text-[0.6rem] text-state-warn">
                      {t('form.unsupported')}
                    </span>
                  ) : null}
                  {!spec ? (
                    <span className="rounded bg-brand-soft px-1 text-[0.6rem] text-brand-strong">
                      {t('form.notInSpec')}
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
          <div className="mt-1 flex gap-2">
            <button
              type="button"
              className="text-brand-strong underline"
              onClick={() => setDraft({ ...draft, fields: ordered })}
            >
              {t('form.all')}
            </button>
            <button
              type="button"
              className="text-brand-strong underline"
              onClick={() => setDraft({ ...draft, fields: [] })}
            >
              {t('form.none')}
            </button>
            <button
              type="button"
              className="text-brand-strong underline"
              onClick={() => setDraft({ ...draft, fields: supported })}
            >
              {t('form.supportedOnly')}
            </button>
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-semibold">{t('form.filters')}</legend>
          <ul className="mt-1 space-y-1">
            {draft.filters.map(([name, value], i) => (
              <li key={name} className="flex flex-wrap items-center gap-2">
                <FilterField
                  name={name}
                  spec={specOf(name)}
                  value={value}
                  zone={config.zone}
                  onChange={(v) => setDraft({ ...draft, filters: withFilterValue(draft.filters, name, v) })}
                />
                <button
                  type="button"
                  className="text-ink-muted hover:text-state-danger"
                  aria-label={t('form.removeFilter', { name })}
                  onClick={() => setDraft({ ...draft, filters: draft.filters.filter((_, j) => j !== i) })}
                >
                  ✕
                </button>
                <FilterHelp endpoint={config.endpoint} name={name} meaning={specMeaning(specOf(name))} />
              </li>
            ))}
          </ul>
          {unused.length > 0 ? (
            <select
              aria-label={t('form.addFilter')}
              className="mt-2 rounded-md border border-surface-line px-2 py-1"
              value=""
              onChange={(e) =>
                e.target.value &&
                setDraft({
                  ...draft,
                  filters: [...draft.filters, [e.target.value, defaultValue(specOf(e.target.value), config.zone)]],
                })
              }
            >
              <option value="">{t('form.addFilterPrompt')}</option>
              {unused.map((f) => (
                <option key={f} value={f} translate="no">
                  {specOf(f) && !specOf(f)!.supported ? t('form.unsupportedOption', { name: f }) : f}
                </option>
              ))}
            </select>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <ProjectSelect
            projects={config.projects}
            value={draft.projects}
            onChange={(projects) => setDraft({ ...draft, projects })}
          />
          <button type="submit" className="btn btn-primary" disabled={draft.fields.length === 0}>
            {t('form.run')}
          </button>
        </div>
      </form>

      {request.run && answer.data ? (
        <section
          className="space-y-2 rounded-lg border border-surface-line bg-surface p-4 text-sm"
          aria-label={t('answer.label')}
        >
          <p>
            {answer.data.meta.unreadable > 0
              ? t.rich('answer.summaryUnreadable', {
                  total: answer.data.meta.totalRows,
                  ms: String(answer.data.meta.durationMs),
                  unreadable: answer.data.meta.unreadable,
                  count: (chunks) => <strong data-testid="explorer-count">{chunks}</strong>,
                  strong: (chunks) => <strong>{chunks}</strong>,
                })
              : t.rich('answer.summary', {
                  total: answer.data.meta.totalRows,
                  ms: String(answer.data.meta.durationMs),
                  count: (chunks) => <strong data-testid="explorer-count">{chunks}</strong>,
                  strong: (chunks) => <strong>{chunks}</strong>,
                })}
          </p>
        </section>
      ) : null}

      {request.run ? (
        answer.data ? (
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
        ) : answer.error ? (
          <FailedViews
            failure={table}
            request={portalRequest(
              config.portalBase,
              config.endpoint,
              sent,
              config.projects.map((p) => p.id),
            )}
          />
        ) : (
          table
        )
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
