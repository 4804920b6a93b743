'use client';

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { allExpanded, collapseAllNested, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { ApiErrorState } from '@/components/ui/upstream-error';
import type { ProxyMeta } from '@/lib/api/contract';
import { useRawAnswer } from '@/lib/api/partner.client';
import { SNIPPET_TARGETS, snippet, TOKEN_PLACEHOLDER, type SnippetId } from '@/lib/explorer/snippets';
import { useFormats } from '@/lib/format/use-formats.client';

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
  const tabs = [t('table'), t('json'), t('request'), t('code'), ...(compare ? [t('compare')] : [])];
  return (
    <TabGroup defaultIndex={compare?.open ? 4 : 0}>
      <ViewTabs names={tabs} />
      <TabPanels className="pt-3">
        <TabPanel>{table}</TabPanel>
        <TabPanel>
          <RawJson path={path} readAt={readAt} />
        </TabPanel>
        <TabPanel>
          <RequestFacts request={meta.request} answer={meta} />
        </TabPanel>
        <TabPanel>
          <CodeSnippets request={meta.request} />
        </TabPanel>
        {compare ? <TabPanel unmount={false}>{compare.panel}</TabPanel> : null}
      </TabPanels>
    </TabGroup>
  );
}

/**
 * A failed read: its failure (in the table's place), the request and its code, since an integrator
 * debugs exactly that request. `request` is the request as the portal gets it (`portalRequest`).
 */
export function FailedViews({ failure, request }: { failure: ReactNode; request: string }) {
  const t = useTranslations('explorer.views');
  return (
    <TabGroup>
      <ViewTabs names={[t('table'), t('request'), t('code')]} />
      <TabPanels className="pt-3">
        <TabPanel>{failure}</TabPanel>
        <TabPanel>
          <RequestFacts request={request} />
        </TabPanel>
        <TabPanel>
          <CodeSnippets request={request} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}

function ViewTabs({ names }: { names: string[] }) {
  const t = useTranslations('explorer.views');
  return (
    <TabList aria-label={t('label')} className="flex gap-1 border-b border-surface-line text-sm">
      {names.map((name) => (
        <Tab
          key={name}
          className="rounded-t-md px-3 py-1.5 text-ink-muted data-[selected]:border data-[selected]:border-b-surface data-[selected]:border-surface-line data-[selected]:bg-surface data-[selected]:font-semibold data-[selected]:text-ink"
        >
          {name}
        </Tab>
      ))}
    </TabList>
  );
}

type Envelope = { response?: { data?: unknown[] } & Record<string, unknown> };

/** The portal's answer, pretty and collapsible; a search keeps the records that hold the text. */
function RawJson({ path, readAt }: { path: string; readAt: number }) {
  const t = useTranslations('explorer.views');
  const raw = useRawAnswer(path, readAt);
  if (raw.error) return <ApiErrorState title={t('rawFailed')} error={raw.error} onRetry={() => void raw.refetch()} />;
  if (!raw.data) return <p className="text-sm text-ink-muted">{t('rawReading')}</p>;
  return <JsonBrowser value={raw.data.meta.raw} />;
}

function JsonBrowser({ value }: { value: unknown }) {
  const t = useTranslations('explorer.views');
  const f = useFormats();
  const [needle, setNeedle] = useState('');
  const shown = useMemo(() => {
    const envelope = value as Envelope;
    const data = envelope?.response?.data;
    if (!needle.trim() || !Array.isArray(data)) return { value, matches: null };
    const lower = needle.toLowerCase();
    const kept = data.filter((r) => JSON.stringify(r).toLowerCase().includes(lower));
    return { value: { ...envelope, response: { ...envelope.response, data: kept } }, matches: kept.length };
  }, [value, needle]);
  if (value === undefined) return <p className="text-sm text-ink-muted">{t('noRaw')}</p>;
  return (
    <div className="space-y-2 text-sm">
      <label className="flex items-center gap-2">
        {t('search')}
        <input
          type="search"
          value={needle}
          onChange={(e) => setNeedle(e.target.value)}
          className="rounded-md border border-surface-line px-2 py-1"
        />
        {shown.matches !== null ? (
          <span className="text-ink-muted">{t('matches', { count: shown.matches })}</span>
        ) : null}
      </label>
      <div className="max-h-[32rem] overflow-auto rounded bg-surface-sunken p-2 font-mono text-xs" translate="no">
        <JsonView
          data={shown.value as object}
          shouldExpandNode={needle ? allExpanded : collapseAllNested}
          style={defaultStyles}
        />
      </div>
      <p className="text-xs text-ink-muted">{t('rawNote', { size: f.count(JSON.stringify(value).length) })}</p>
    </div>
  );
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

/** The request as code in the chosen language; the token a placeholder to fill in. */
function CodeSnippets({ request }: { request: string }) {
  const t = useTranslations('explorer.views');
  const [language, setLanguage] = useState<SnippetId>('curl');
  const [copied, setCopied] = useState(false);
  const code = useMemo(() => snippet(request, language), [request, language]);
  return (
    <div className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          {t('language')}
          <select
            value={language}
            onChange={(e) => {
              setLanguage(e.target.value as SnippetId);
              setCopied(false);
            }}
            className="rounded-md border border-surface-line px-2 py-1"
          >
            {SNIPPET_TARGETS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn"
          onClick={async () => {
            await navigator.clipboard.writeText(code).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <pre
        className="overflow-auto rounded bg-surface-sunken p-2 font-mono text-xs"
        data-testid={`explorer-${language}`}
        translate="no"
      >
        {code}
      </pre>
      <p className="text-xs text-ink-muted">{t('placeholder', { placeholder: TOKEN_PLACEHOLDER })}</p>
    </div>
  );
}
