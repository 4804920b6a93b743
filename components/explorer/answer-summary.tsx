'use client';

import { useTranslations } from 'next-intl';
import type { ProxyMeta } from '@/lib/api/contract';
import { cardClass } from '@/components/ui/card';

/** The answer in a sentence: how many rows, how long it took, how many could not be read. */
export function AnswerSummary({ meta }: { meta: ProxyMeta }) {
  const t = useTranslations('explorer');
  return (
    <section className={cardClass('default', 'space-y-2 text-sm')} aria-label={t('answer.label')}>
      <p>
        {meta.unreadable > 0
          ? t.rich('answer.summaryUnreadable', {
              total: meta.totalRows,
              ms: String(meta.durationMs),
              unreadable: meta.unreadable,
              count: (chunks) => <strong data-testid="explorer-count">{chunks}</strong>,
              strong: (chunks) => <strong>{chunks}</strong>,
            })
          : t.rich('answer.summary', {
              total: meta.totalRows,
              ms: String(meta.durationMs),
              count: (chunks) => <strong data-testid="explorer-count">{chunks}</strong>,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
      </p>
    </section>
  );
}
