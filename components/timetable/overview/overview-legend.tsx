'use client';

import { useTranslations } from 'next-intl';
import type { OverviewView } from '@/lib/timetable/overview/view';
import { CHANGED_TEXT } from './grid-texts';

/** What the chips' borders and marks mean. */
export function OverviewLegend({ kind }: { kind: OverviewView['by'] }) {
  const t = useTranslations('overview.legend');
  const labels = useTranslations('labels');
  const swatch = 'overview-chip inline-block rounded-sm border px-1';
  return (
    <ul aria-label={t('label')} className="flex flex-wrap items-center gap-2" data-testid="overview-legend">
      <li className="flex items-center gap-1">
        <span
          aria-hidden
          className={`${swatch} border-dashed border-state-cancelled bg-state-cancelled-bg text-ink-muted line-through`}
        >
          4h1
        </span>
        {labels('change.cancelled')}
      </li>
      <li className="flex items-center gap-1">
        <span aria-hidden className={`${swatch} border-state-changed bg-appt-lesson`}>
          <span className={CHANGED_TEXT}>102</span>
        </span>
        {t('changed')} ({labels('change.substitute').toLowerCase()}, {labels('change.roomChange').toLowerCase()},{' '}
        {labels('change.moved').toLowerCase()})
      </li>
      <li className="flex items-center gap-1">
        <span aria-hidden className={`${swatch} border-l-[3px] border-state-new bg-appt-lesson`}>
          4h1
        </span>
        {labels('change.added')}
      </li>
      <li className="flex items-center gap-1">
        <span
          aria-hidden
          className={`${swatch} bg-appt-lesson outline outline-2 -outline-offset-2 outline-state-danger`}
        >
          4h1
        </span>
        {t('clash')}
      </li>
      {kind === 'location' ? (
        <li className="flex items-center gap-1">
          <span aria-hidden className={`${swatch} border-surface-line bg-state-ok-bg`}>
            &nbsp;&nbsp;&nbsp;
          </span>
          {t('free')}
        </li>
      ) : null}
    </ul>
  );
}
