'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { OpenApiDownload } from './openapi-download';
import { useMemo, useState } from 'react';
import type { EndpointRightsView, TokenStatus } from '@/lib/rights/compare';
import { useCsvDownload } from '@/lib/csv/use-csv-download.client';
import { EndpointSection, type FoldAll } from './endpoint-section';
import { TokenPanel } from './token-panel';
import { Input } from '@/components/ui/control';
import { Card, cardClass } from '@/components/ui/card';
import { Table, TableCell, TableHead } from '@/components/ui/table';
import { schoolYearName } from '@/lib/format/dates';

export interface ProjectRow {
  id: number;
  /** Not in the spec, but portals send it. */
  name: string | null;
  school: string | null;
  schoolYear: number | null;
}

/** The Rights page: token, projects, and a searchable field matrix per endpoint. */
export function RightsView({
  partnerName,
  token,
  projects,
  endpoints,
}: {
  partnerName: string;
  token: TokenStatus;
  projects: ProjectRow[];
  endpoints: EndpointRightsView[];
}) {
  const t = useTranslations('rights');
  const [search, setSearch] = useState('');
  const [foldAll, setFoldAll] = useState<FoldAll | null>(null);
  const fold = (open: boolean) => setFoldAll((f) => ({ open, times: (f?.times ?? 0) + 1 }));
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      endpoints.map((e) => ({
        ...e,
        rows: needle
          ? e.rows.filter((r) => r.name.toLowerCase().includes(needle) || r.notes.toLowerCase().includes(needle))
          : e.rows,
      })),
    [endpoints, needle],
  );
  const granted = endpoints.filter((e) => e.granted);

  const csv = useCsvDownload();
  const exportMatrix = () =>
    void csv.download(
      `rights-${partnerName.replace(/\W+/g, '-').toLowerCase()}-${new Date().toISOString().slice(0, 10)}.csv`,
      ['endpoint', 'granted', 'kind', 'name', 'type', 'supported', 'readable', 'filterable', 'attention', 'notes'],
      endpoints.flatMap((e) =>
        e.rows.map((r) => [
          e.endpoint,
          e.granted,
          r.kind,
          r.name,
          r.type,
          r.supported === null ? t('endpoint.notInSpec') : r.supported,
          r.readable,
          r.filterable,
          r.attention.join(' '),
          r.notes,
        ]),
      ),
    );

  return (
    <div className="space-y-6">
      <section className="grid gap-4 md:grid-cols-2">
        <Card>
          <h2 className="text-sm font-semibold text-ink-muted">{t('view.partner')}</h2>
          <p className="mt-1 text-xl font-semibold" data-testid="partner-name">
            {partnerName}
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {t('view.endpointsGranted', { granted: granted.length, total: endpoints.length })}
          </p>
        </Card>
        <TokenPanel token={token} />
      </section>

      <section className={cardClass()}>
        <h2 className="text-sm font-semibold text-ink-muted">{t('view.projects')}</h2>
        <Table className="mt-2">
          <thead>
            <tr className="text-ink-muted">
              <TableHead pad="wide">{t('view.id')}</TableHead>
              <TableHead pad="wide">{t('view.project')}</TableHead>
              <TableHead pad="wide">{t('view.school')}</TableHead>
              <TableHead pad="end">{t('view.schoolYear')}</TableHead>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => (
              <tr key={p.id} className="border-t border-surface-line">
                <TableCell pad="wide" className="font-mono">
                  {p.id}
                </TableCell>
                <TableCell pad="wide">{p.name ?? '—'}</TableCell>
                <TableCell pad="wide">{p.school ?? '—'}</TableCell>
                <TableCell pad="end">{p.schoolYear ? schoolYearName(p.schoolYear) : '—'}</TableCell>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <nav aria-label={t('view.endpoints')} className="flex flex-wrap gap-2 text-sm">
        {endpoints.map((e) => (
          <a
            key={e.endpoint}
            href={`#endpoint-${e.endpoint}`}
            className={`rounded-full border px-3 py-1 ${e.granted ? 'border-state-ok bg-state-ok-bg text-state-ok' : 'border-surface-line text-ink-muted'}`}
          >
            <span translate="no">{e.endpoint}</span>
            <span className="sr-only">{` ${e.granted ? t('view.granted') : t('view.notGranted')}`}</span>
          </a>
        ))}
      </nav>

      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span>{t('view.search')}</span>
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('view.searchPlaceholder')}
          />
        </label>
        <Button onClick={exportMatrix}>{t('view.exportCsv')}</Button>
        {csv.error ? (
          <p role="alert" className="text-sm text-state-danger">
            {csv.error}
          </p>
        ) : null}
        <OpenApiDownload />
        <span className="ml-auto flex gap-2">
          <Button onClick={() => fold(true)}>{t('view.openAll')}</Button>
          <Button onClick={() => fold(false)}>{t('view.closeAll')}</Button>
        </span>
      </div>

      {shown.map((e) => (
        <EndpointSection key={e.endpoint} view={e} filtered={needle.length > 0} foldAll={foldAll} />
      ))}
    </div>
  );
}
