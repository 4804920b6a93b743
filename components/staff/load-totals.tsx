'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import { difference, SUMMED_FIGURES, totals } from '@/lib/staffing/figures';
import type { TeacherLoad } from '@/lib/staffing/types';

/** The totals row of the shown teachers: each figure summed, the difference of the sums. */
export function LoadTotals({ loads }: { loads: readonly TeacherLoad[] }) {
  const t = useTranslations('staff');
  const f = useFormats();
  const sum = totals(loads);
  const diff = difference(sum);
  const show = (n: number | null) => (n === null ? '—' : f.count(Math.round(n * 10) / 10));
  return (
    <table className="text-sm" data-testid="load-totals">
      <caption className="sr-only">{t('load.totals')}</caption>
      <thead>
        <tr className="text-left text-xs text-ink-muted">
          <th className="pr-4 font-medium">{t('load.totals')}</th>
          {SUMMED_FIGURES.map((k) => (
            <th key={k} className="pr-4 font-medium">
              {t(`figures.${k}`)}
            </th>
          ))}
          <th className="pr-4 font-medium">{t('figures.difference')}</th>
        </tr>
      </thead>
      <tbody>
        <tr className="tabular-nums font-semibold">
          <td className="pr-4">{t('load.teachers', { count: loads.length })}</td>
          {SUMMED_FIGURES.map((k) => (
            <td key={k} className="pr-4" data-figure={k}>
              {show(sum[k])}
            </td>
          ))}
          <td className="pr-4" data-figure="difference">
            {diff.value === null
              ? '—'
              : `${diff.value > 0 ? '+' : diff.value < 0 ? '−' : ''}${f.count(Math.abs(diff.value))}`}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
