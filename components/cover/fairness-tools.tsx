'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { PeriodForm } from '@/components/ui/period-form';
import { downloadCsv } from '@/lib/csv/download';
import { coverPaths } from '@/lib/cover/api.client';
import type { FairnessRow } from '@/lib/cover/fairness';

/** The report's period, kept in the address (a shared link opens the same report), and its CSV. */
export function FairnessTools({
  from,
  to,
  projects,
  rows,
}: {
  from: string;
  to: string;
  /** The projects the report reads (none: every one), kept when the period changes. */
  projects: number[];
  rows: FairnessRow[] | null;
}) {
  const t = useTranslations('cover.fairness');
  const csv = () => {
    if (!rows) return;
    const c = (k: 'teacher' | 'name' | 'covers' | 'fte' | 'perFte' | 'swaps') => t(`columns.${k}`);
    const weeks = rows[0]?.weeks.map((w) => w.week) ?? [];
    void downloadCsv(
      `invalwerk-${from}-${to}.csv`,
      [c('teacher'), c('name'), c('covers'), c('fte'), c('perFte'), c('swaps'), ...weeks],
      rows.map((r) => [
        r.employee,
        r.name,
        r.covers,
        r.fte ?? '',
        r.coversPerFte ?? '',
        r.swaps,
        ...r.weeks.map((w) => w.covers),
      ]),
    );
  };
  return (
    <PeriodForm
      from={from}
      to={to}
      words={{ period: t('period'), from: t('from'), to: t('to'), show: t('show'), showing: t('showing') }}
      href={(period) => coverPaths.fairnessPage(period.from, period.to, projects)}
    >
      <Button type="button" onClick={csv} disabled={!rows}>
        {t('csv')}
      </Button>
    </PeriodForm>
  );
}
