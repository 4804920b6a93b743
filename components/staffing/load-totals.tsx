'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import { difference } from '@/lib/staffing/figures';
import { SUMMED_FIGURES, totals } from '@/lib/lessons/load-figures';
import type { TeacherLoad } from '@/lib/lessons/load-figures';

/**
 * The totals of the shown teachers: each figure summed, the difference of the sums. A list that
 * wraps (on paper and on a phone) rather than a row wider than the page.
 */
export function LoadTotals({ loads }: { loads: readonly TeacherLoad[] }) {
  const t = useTranslations('staffing');
  const f = useFormats();
  const sum = totals(loads);
  const diff = difference(sum);
  const show = (n: number | null) => (n === null ? '—' : f.count(Math.round(n * 10) / 10));
  const items: [string, string, string][] = [
    ...SUMMED_FIGURES.map((k): [string, string, string] => [k, t(`figures.${k}`), show(sum[k])]),
    [
      'difference',
      t('figures.difference'),
      diff.value === null ? '—' : `${diff.value > 0 ? '+' : diff.value < 0 ? '−' : ''}${f.count(Math.abs(diff.value))}`,
    ],
  ];
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="load-totals" aria-label={t('load.totals')}>
      <div>
        <dt className="text-xs text-ink-muted">{t('load.totals')}</dt>
        <dd className="font-semibold">{t('load.teachers', { count: loads.length })}</dd>
      </div>
      {items.map(([key, label, value]) => (
        <div key={key}>
          <dt className="text-xs text-ink-muted">{label}</dt>
          <dd className="font-semibold tabular-nums" data-figure={key}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The totals' place while the week is read: the same labels with their values blank, so the table
 * below does not move down when the figures come. Hidden from screen readers (the table says it
 * is reading); no test id (load-totals is what a test waits for).
 */
export function LoadTotalsSkeleton() {
  const t = useTranslations('staffing');
  const labels = [t('load.totals'), ...SUMMED_FIGURES.map((k) => t(`figures.${k}`)), t('figures.difference')];
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-hidden="true">
      {labels.map((label, i) => (
        <div key={label}>
          <p className="text-xs text-ink-muted">{label}</p>
          <p className="font-semibold">
            {/* About the width of what comes: "113 teachers", then figures. */}
            <span className={`inline-block h-3 animate-pulse rounded bg-surface-sunken ${i === 0 ? 'w-20' : 'w-8'}`} />
          </p>
        </div>
      ))}
    </div>
  );
}
