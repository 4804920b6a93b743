'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { allExpanded, collapseAllNested, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { useFormats } from '@/lib/format/use-formats.client';
import { Input } from '@/components/ui/control';

type Envelope = { response?: { data?: unknown[] } & Record<string, unknown> };

/** The portal's answer, pretty and collapsible; a search keeps the records that hold the text. */
export function JsonBrowser({ value }: { value: unknown }) {
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
        <Input type="search" value={needle} onChange={(e) => setNeedle(e.target.value)} />
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
