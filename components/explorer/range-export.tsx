'use client';

import { useRef, useState } from 'react';
import { apiFetch, apiFetchFile } from '@/lib/api/http.client';
import { attachmentName, downloadBlob } from '@/lib/csv/download';
import { defaultDelimiter } from '@/components/data-table/export-dialog';
import { DELIMITERS, type Delimiter, type DelimiterName, type ExportProgress } from '@/lib/api/contract';

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
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(defaultTo);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed' | 'cancelled'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    const exportId = `x${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const params = new URLSearchParams(query);
    params.set('from', from);
    params.set('to', to);
    params.set('delimiter', delimiterName(defaultDelimiter()));
    params.set('exportId', exportId);
    abort.current = new AbortController();
    setState('running');
    setMessage(null);
    setProgress(null);
    const poll = setInterval(() => {
      apiFetch<ExportProgress>(`/api/export/progress/${exportId}`).then(setProgress, () => undefined);
    }, 400);
    try {
      const res = await apiFetchFile(`/api/export/appointments.csv?${params}`, abort.current.signal);
      const parts: BlobPart[] = [];
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
      }
      downloadBlob(attachmentName(res, 'appointments.csv'), new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      setProgress(await apiFetch<ExportProgress>(`/api/export/progress/${exportId}`).catch(() => null));
      setState('done');
    } catch (error) {
      if ((error as Error).name === 'AbortError') {
        setState('cancelled');
      } else {
        const final = await apiFetch<ExportProgress>(`/api/export/progress/${exportId}`).catch(() => null);
        setProgress(final);
        setState('failed');
        setMessage(
          final?.failed
            ? `The export failed in week ${final.failed.part}: ${final.failed.message}${final.failed.eventId ? ` (portal event ${final.failed.eventId})` : ''}. No file was saved.`
            : `${(error as Error).message} No file was saved.`,
        );
      }
    } finally {
      clearInterval(poll);
    }
  };

  return (
    <section
      className="rounded-lg border border-surface-line bg-surface p-4 text-sm"
      aria-labelledby="range-export-title"
    >
      <h2 id="range-export-title" className="font-semibold">
        Export a date range
      </h2>
      <p className="text-ink-muted">
        Rooster reads the portal a week at a time and streams the CSV, up to a school year.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          From{' '}
          <input
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="rounded-md border border-surface-line px-2 py-1"
          />
        </label>
        <label className="flex items-center gap-1">
          to{' '}
          <input
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="rounded-md border border-surface-line px-2 py-1"
          />
        </label>
        {state === 'running' ? (
          <button type="button" className="btn" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={start}>
            Export streamed CSV
          </button>
        )}
      </div>
      {progress && state === 'running' ? (
        <div className="mt-2">
          <progress max={progress.total} value={progress.done} className="w-64" aria-label="Weeks exported" />
          <span className="ml-2" data-testid="export-progress">
            Week {Math.min(progress.done + 1, progress.total)} of {progress.total}
          </span>
        </div>
      ) : null}
      {state === 'done' ? (
        <p role="status" className="mt-2 text-state-ok" data-testid="export-done">
          {progress ? `Exported ${progress.total} weeks.` : 'Exported.'}
        </p>
      ) : null}
      {state === 'cancelled' ? (
        <p role="status" className="mt-2 text-ink-muted">
          Export cancelled; no file was saved.
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
