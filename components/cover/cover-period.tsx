'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import type { CoverLesson, CoverMeta } from '@/lib/cover/types';
import { CoverLessonCard } from './cover-lesson';

/**
 * One lesuur: its lessons of absent teachers as compact rows (each row says its lesuur; the heading
 * shows on a phone, where one lesuur fills the screen).
 */
export function CoverPeriod({
  period,
  lessons,
  meta,
  date,
  zone,
  phoneHidden,
}: {
  period: string;
  lessons: CoverLesson[];
  meta: CoverMeta;
  date: string;
  zone: string;
  /** Not the lesuur a phone shows now (on wider screens every lesuur shows). */
  phoneHidden: boolean;
}) {
  const t = useTranslations('cover');
  const f = useFormats();
  const first = lessons[0]!;
  // Off the grid (a break duty): keyed by its start, headed "buiten de lesuren" with its time.
  const named = first.period;
  const id = `period-${named ?? `at-${first.start}`}`;
  return (
    <section
      aria-labelledby={id}
      className={`space-y-2 md:space-y-0 ${phoneHidden ? 'hidden md:block' : ''}`}
      data-testid="cover-period"
      data-period={period}
    >
      <h2 id={id} className="text-base font-semibold md:sr-only">
        {named ? t('period', { period: named }) : t('noPeriod')}{' '}
        <span className="font-normal text-ink-muted">
          {f.clockTime(first.start, zone)}–{f.clockTime(first.end, zone)}
        </span>
      </h2>
      <ul>
        {lessons.map((l) => (
          <CoverLessonCard
            key={`${l.id}-${l.start}-${l.groups.join()}`}
            lesson={l}
            meta={meta}
            date={date}
            zone={zone}
          />
        ))}
      </ul>
    </section>
  );
}
