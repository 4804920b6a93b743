'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import { difference, SUMMED_FIGURES, totals } from '@/lib/staffing/figures';
import type { TeacherLoad } from '@/lib/staffing/types';

/**
 * The totals of the shown teachers: each figure summed, the difference of the sums. A list that
 * wraps (on paper and on a phone) rather than a row wider than the page.
 */
export function LoadTotals({ loads }: { loads: readonly TeacherLoad[] }) {
  const t = useTranslations('staff');
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
