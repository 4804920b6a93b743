'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import type { AppLocale } from '@/lib/i18n/locales';
import { longWeekday } from '@/lib/format/dates';
import { Toggle } from './toggle';

// One day of a week at a time (on a phone, or when asked): a pressed button per school day, and
// where the whole week fits, a button for it.

export function DayTabs({
  days,
  day,
  onDay,
  wholeWeek = false,
}: {
  days: readonly { weekday: number; date: string }[];
  /** The day shown; null for the whole week. */
  day: number | null;
  onDay: (weekday: number | null) => void;
  /** Offer "whole week" (not on a phone, where seven columns do not fit). */
  wholeWeek?: boolean;
}) {
  const t = useTranslations('common.week');
  const locale = useLocale() as AppLocale;
  const formats = useFormats();
  return (
    <div
      role="group"
      aria-label={t('day')}
      className="flex gap-1 overflow-x-auto print:hidden md:flex-wrap"
      data-testid="day-tabs"
    >
      {wholeWeek ? (
        <Toggle size="small" pressed={day === null} onClick={() => onDay(null)}>
          {t('wholeWeek')}
        </Toggle>
      ) : null}
      {days.map((d) => (
        <Toggle key={d.date} size="small" pressed={day === d.weekday} onClick={() => onDay(d.weekday)}>
          <span className="md:hidden">{formats.weekdayDay(d.date)}</span>
          <span className="hidden md:inline">
            {longWeekday(d.weekday, locale)} {formats.dayMonth(d.date)}
          </span>
        </Toggle>
      ))}
    </div>
  );
}
