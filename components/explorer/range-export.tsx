'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { apiFetchFile, fetchProgress } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { attachmentName, defaultDelimiter, downloadBlob } from '@/lib/csv/download';
import { DELIMITERS, type Delimiter, type DelimiterName, type ExportProgress } from '@/lib/api/contract';
import { Input } from '@/components/ui/control';
import { cardClass } from '@/components/ui/card';
import { rangeExportUrl } from '@/lib/explorer/api.client';

const delimiterName = (d: Delimiter) =>
  (Object.keys(DELIMITERS) as DelimiterName[]).find((name) => DELIMITERS[name] === d) ?? 'comma';

/** A long appointments export streamed by the server a week at a time, with progress and cancel. */
export function RangeExport({
  query,
  defaultFrom,
  defaultTo,
}: {
  query: URLSearchParams;
  defaultFrom: string;
  defaultTo: string;
}) {
  // Uncontrolled: the fields hold what was typed, even before hydration (a controlled value would reset it).
  const fromField = useRef<HTMLInputElement>(null);
  const toField = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed' | 'cancelled'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const t = useTranslations('explorer.rangeExport');
  const common = useTranslations('common');
  const errorText = useApiErrorText();

  const start = async () => {
    const exportId = `x${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const params = new URLSearchParams(query);
    params.set('from', fromField.current?.value || defaultFrom);
    params.set('to', toField.current?.value || defaultTo);
    params.set('delimiter', delimiterName(defaultDelimiter()));
    params.set('exportId', exportId);
    abort.current = new AbortController();
    setState('running');
    setMessage(null);
    setProgress(null);
    const poll = setInterval(() => {
      fetchProgress(exportId).then(setProgress, () => undefined);
    }, 400);
    try {
      const res = await apiFetchFile(rangeExportUrl(params), abort.current.signal);
      const parts: BlobPart[] = [];
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
      }
      downloadBlob(attachmentName(res, 'appointments.csv'), new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      setProgress(await fetchProgress(exportId).catch(() => null));
      setState('done');
    } catch (error) {
      if ((error as Error).name === 'AbortError') {
        setState('cancelled');
      } else {
        const final = await fetchProgress(exportId).catch(() => null);
        setProgress(final);
        setState('failed');
        setMessage(
          final?.failed
            ? final.failed.eventId
              ? t('failedWeekEvent', {
                  week: final.failed.part,
                  message: final.failed.message,
                  eventId: String(final.failed.eventId),
                })
              : t('failedWeek', { week: final.failed.part, message: final.failed.message })
            : t('failed', { message: errorText(error) }),
        );
      }
    } finally {
      clearInterval(poll);
    }
  };

  return (
    <section className={cardClass('default', 'text-sm')} aria-labelledby="range-export-title">
      <h2 id="range-export-title" className="font-semibold">
        {t('title')}
      </h2>
      <p className="text-ink-muted">{t('intro')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          {t('from')} <Input type="date" ref={fromField} defaultValue={defaultFrom} />
        </label>
        <label className="flex items-center gap-1">
          {t('to')} <Input type="date" ref={toField} defaultValue={defaultTo} />
        </label>
        {state === 'running' ? (
          <Button onClick={() => abort.current?.abort()}>{common('cancel')}</Button>
        ) : (
          <Button variant="primary" onClick={start}>
            {t('start')}
          </Button>
        )}
      </div>
      {progress && state === 'running' ? (
        <div className="mt-2">
          <progress max={progress.total} value={progress.done} className="w-64" aria-label={t('progressLabel')} />
          <span className="ml-2" data-testid="export-progress">
            {t('progress', {
              current: String(Math.min(progress.done + 1, progress.total)),
              total: String(progress.total),
            })}
          </span>
        </div>
      ) : null}
      {state === 'done' ? (
        <p role="status" className="mt-2 text-state-ok" data-testid="export-done">
          {progress ? t('done', { total: progress.total }) : t('doneNoProgress')}
        </p>
      ) : null}
      {state === 'cancelled' ? (
        <p role="status" className="mt-2 text-ink-muted">
          {t('cancelled')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="mt-2 text-state-danger" data-testid="export-failed">
          {message}
        </p>
      ) : null}
    </section>
  );
}
