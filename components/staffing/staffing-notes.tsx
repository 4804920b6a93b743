'use client';

import { useTranslations } from 'next-intl';
import type { StaffingMeta } from '@/lib/staffing/types';

/** What the figures assume, which rights are missing and which fields are unsupported: said on the page. */
export function StaffingNotes({
  meta,
  assumptions,
  source,
}: {
  meta: StaffingMeta | undefined;
  assumptions: string[];
  /** The portal's fields behind the figures, for whoever checks them: behind a "bron" disclosure. */
  source?: string;
}) {
  const t = useTranslations('staffing.load');
  return (
    <div className="space-y-1 text-xs text-ink-muted print:text-[9px]" data-testid="staffing-notes">
      {assumptions.map((a) => (
        <p key={a}>{a}</p>
      ))}
      {source ? (
        <details className="print:hidden">
          <summary className="cursor-pointer">{t('sourceTitle')}</summary>
          <p translate="no">{source}</p>
          {meta && meta.unsupported.length > 0 ? (
            <p>
              {t('unsupportedNote')} <span translate="no">({meta.unsupported.join(', ')})</span>
            </p>
          ) : null}
        </details>
      ) : null}
      {meta && meta.missing.length > 0 ? (
        <p className="text-state-warn" role="note">
          {t('missing', { fields: meta.missing.map((m) => `/${m.endpoint}.${m.field}`).join(', ') })}
        </p>
      ) : null}
      {meta && meta.unsupported.length > 0 && !source ? (
        <p>
          {t('unsupportedNote')} <span translate="no">({meta.unsupported.join(', ')})</span>
        </p>
      ) : null}
    </div>
  );
}

/** "Week 3 van 13 gelezen…" with a bar, while a range is read; nothing once it is read. */
export function RangeProgress({
  fetching,
  progress,
}: {
  fetching: boolean;
  progress: { done: number; total: number } | null;
}) {
  const t = useTranslations('staffing.load');
  if (!fetching) return null;
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const words = progress ? t('reading', { done, total }) : t('readingStart');
  return (
    <div role="status" className="flex items-center gap-2 text-sm" data-testid="range-progress">
      <progress className="h-2 w-48" max={Math.max(total, 1)} value={done} aria-label={words} />
      <span>{words}</span>
    </div>
  );
}
