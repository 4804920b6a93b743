'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { addWeeks, formatIsoWeek, parseWeek, type IsoWeek } from '@/lib/partner-api/weeks';
import { Input } from './control';

/** ← week → and "this week": the one week navigation of the week pages. */
export function WeekNav({
  week,
  today,
  inputId,
  onWeek,
}: {
  week: IsoWeek;
  today: IsoWeek;
  /** The week input's id (one per page). */
  inputId: string;
  onWeek: (week: IsoWeek) => void;
}) {
  const t = useTranslations('common.week');
  return (
    <>
      <Button onClick={() => onWeek(addWeeks(week, -1))} aria-label={t('previous')}>
        ←
      </Button>
      <label className="sr-only" htmlFor={inputId}>
        {t('week')}
      </label>
      <Input
        id={inputId}
        type="week"
        className="w-[9.5rem] text-sm md:w-auto"
        value={formatIsoWeek(week)}
        onChange={(e) => {
          const next = parseWeek(e.target.value);
          if (next) onWeek(next);
        }}
      />
      <Button onClick={() => onWeek(addWeeks(week, 1))} aria-label={t('next')}>
        →
      </Button>
      <Button onClick={() => onWeek(today)}>{t('thisWeek')}</Button>
    </>
  );
}
