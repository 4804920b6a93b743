'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import type { TableRow } from '@/components/data-table/types';
import { ProjectPicker } from '@/components/ui/project-picker';
import { ApiErrorState } from '@/components/ui/upstream-error';
import { usePartnerList } from '@/lib/api/partner.client';
import { compareAnswers, keyFieldFor } from '@/lib/explorer/compare';
import {
  canShiftWeeks,
  fromWire,
  otherRequestOf,
  proxyParams,
  readCompare,
  shiftFilters,
  withFilterValue,
  writeCompare,
  type CompareRequest,
  type ExplorerRequest,
} from '@/lib/explorer/state';
import { useFormats } from '@/lib/format/use-formats.client';
import type { ResourceName } from '@/lib/partner-api/catalog';
import { filterOrFieldSpecIn, type EndpointSpecs, type FieldType } from '@/lib/partner-api/catalog-types';
import { useQueryState } from '@/lib/url-state.client';
import { ComparisonTable } from './comparison-table';
import { FilterField } from './filter-input';
import { Select } from '@/components/ui/control';
import { Card, cardClass } from '@/components/ui/card';

export interface CompareViewProps {
  endpoint: ResourceName;
  /** The endpoint's fields and filters (the server's catalogue). */
  specs: EndpointSpecs;
  /** The request the page's answer came from, as sent (the page keys this view by it). */
  request: ExplorerRequest;
  rows: TableRow[];
  /** When the page's answer was read (ms). */
  readAt: number;
  /** Reads the page's request again; its failure comes back as `rereadError`. */
  onReread: () => void;
  rereadError: unknown;
  projects: { id: number; label: string }[];
  zone: string;
}

/**
 * Compare: the page's answer against the same request with other filter values or projects (another
 * week, another project; kept in the URL), or against itself read again later (kept here).
 */
export function CompareView(props: CompareViewProps) {
  const { endpoint, specs, request, zone } = props;
  const t = useTranslations('explorer.compare');
  const f = useFormats();
  const [other, setOther] = useQueryState(readCompare, writeCompare);
  const [kept, setKept] = useState<{ rows: TableRow[]; at: number } | null>(null);
  const [momentKey, setMomentKey] = useState<string | null | undefined>(undefined);
  const typeOf = (name: string) => filterOrFieldSpecIn(specs, name)?.type;

  const otherRequest = other ? otherRequestOf(request, other) : null;
  const otherAnswer = usePartnerList(endpoint, proxyParams(otherRequest ?? request), otherRequest !== null);
  const keyField = keyFieldFor(other ? other.key : momentKey, request.fields);
  const setKey = (key: string | null) => (other ? setOther({ ...other, key }) : setMomentKey(key));

  const pair =
    other && otherAnswer.data
      ? { first: props.rows, second: otherAnswer.data.data as TableRow[] }
      : !other && kept && props.readAt > kept.at
        ? { first: kept.rows, second: props.rows }
        : null;
  const comparison = useMemo(
    () => (pair ? compareAnswers(pair.first, pair.second, keyField) : null),
    // The pair's arrays are the query's own data: a new read gives new arrays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pair?.first, pair?.second, keyField],
  );

  /** What sets `r` apart from `against`: the filter values and projects that differ. */
  const describe = (r: ExplorerRequest, against: ExplorerRequest): ReactNode => {
    const parts = r.filters
      .filter(([k, v]) => against.filters.find(([ak]) => ak === k)?.[1] !== v)
      .map(([k, v]) => {
        const type = typeOf(k) ?? 'string';
        return `${k} ${type === 'timestamp' && /^\d+$/.test(v) ? f.dateTime(Number(v), zone) : fromWire(type, v, zone)}`;
      });
    if (r.projects.join() !== against.projects.join())
      parts.push(
        r.projects.length === 0
          ? t('allProjects')
          : r.projects.map((id) => props.projects.find((p) => p.id === id)?.label ?? id).join(', '),
      );
    return <strong translate="no">{parts.length > 0 ? parts.join(' · ') : t('sameRequest')}</strong>;
  };
  const readAt = (ms: number) => <strong>{t('readAt', { time: f.clockTimeSeconds(ms / 1000, zone) })}</strong>;

  const result =
    other && otherAnswer.error ? (
      <ApiErrorState title={t('otherFailed')} error={otherAnswer.error} onRetry={() => void otherAnswer.refetch()} />
    ) : other && !otherAnswer.data ? (
      <p role="status">{t('readingOther')}</p>
    ) : kept && !comparison && props.rereadError ? (
      <ApiErrorState title={t('rereadFailed')} error={props.rereadError} onRetry={props.onReread} />
    ) : kept && !comparison ? (
      <p role="status">{t('rereading')}</p>
    ) : comparison ? (
      <ComparisonTable
        comparison={comparison}
        endpoint={endpoint}
        specs={specs}
        fields={request.fields}
        keyField={keyField}
        zone={zone}
        from={otherRequest ? describe(request, otherRequest) : readAt(kept!.at)}
        to={otherRequest ? describe(otherRequest, request) : readAt(props.readAt)}
      />
    ) : (
      <p className="text-ink-muted">{t('notYet')}</p>
    );

  return (
    <div className="space-y-4 text-sm">
      <OtherRequestForm
        // Another comparison in the URL (back, forward, a link) starts the form again.
        key={other ? writeCompare(new URLSearchParams(), other).toString() : ''}
        {...props}
        initial={otherRequest ?? request}
        typeOf={typeOf}
        onCompare={(next) => {
          setKept(null);
          setOther({ ...next, key: keyField });
        }}
      />
      <Card className="flex flex-wrap items-center gap-3">
        <p className="flex-1">{t('momentIntro')}</p>
        <Button
          onClick={() => {
            setOther(null);
            setKept({ rows: props.rows, at: props.readAt });
            props.onReread();
          }}
        >
          {t('keepAndReread')}
        </Button>
      </Card>
      <label className="flex items-center gap-2">
        {t('matchOn')}
        <Select value={keyField ?? ''} onChange={(e) => setKey(e.target.value || null)}>
          {request.fields.map((field) => (
            <option key={field} value={field} translate="no">
              {field}
            </option>
          ))}
          <option value="">{t('wholeRecord')}</option>
        </Select>
      </label>
      {result}
    </div>
  );
}

/** The other request: the same fields, its own filter values and projects; a week back or on in one click. */
function OtherRequestForm({
  specs,
  initial,
  typeOf,
  projects,
  zone,
  onCompare,
}: Pick<CompareViewProps, 'specs' | 'projects' | 'zone'> & {
  initial: ExplorerRequest;
  typeOf: (name: string) => FieldType | undefined;
  onCompare: (next: CompareRequest) => void;
}) {
  const t = useTranslations('explorer.compare');
  const [draft, setDraft] = useState<CompareRequest>({ filters: initial.filters, projects: initial.projects });
  const shift = (weeks: number) => setDraft({ ...draft, filters: shiftFilters(draft.filters, typeOf, weeks, zone) });
  return (
    <form
      className={cardClass('default', 'space-y-3')}
      onSubmit={(e) => {
        e.preventDefault();
        onCompare(draft);
      }}
    >
      <h3 className="font-semibold">{t('otherTitle')}</h3>
      <p className="text-ink-muted">{t('otherIntro')}</p>
      {draft.filters.length > 0 ? (
        <ul className="space-y-1">
          {draft.filters.map(([name, value]) => (
            <li key={name} className="flex flex-wrap items-center gap-2">
              <FilterField
                idPrefix="compare-value"
                label={t('otherValue', { name })}
                name={name}
                spec={filterOrFieldSpecIn(specs, name)}
                value={value}
                zone={zone}
                onChange={(v) => setDraft({ ...draft, filters: withFilterValue(draft.filters, name, v) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {canShiftWeeks(draft.filters, typeOf) ? (
          <>
            <Button onClick={() => shift(-1)}>{t('weekBack')}</Button>
            <Button onClick={() => shift(1)}>{t('weekOn')}</Button>
          </>
        ) : null}
        <ProjectPicker
          projects={projects}
          value={draft.projects}
          label={t('otherProjects')}
          onChange={(p) => setDraft({ ...draft, projects: p })}
        />
        <Button type="submit" variant="primary">
          {t('compare')}
        </Button>
      </div>
    </form>
  );
}
