'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import { DateField } from '@/components/ui/date-field';
import { Toggle } from '@/components/ui/toggle';

/** Today and the next school days one click away, and any date; the date lives in the URL. */
export function CoverDayBar({ days, date, onDate }: { days: string[]; date: string; onDate: (d: string) => void }) {
  const t = useTranslations('cover');
  const f = useFormats();
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" role="group" aria-label={t('days')}>
      {days.map((d, i) => (
        <Toggle key={d} size="touch" pressed={d === date} onClick={() => onDate(d)}>
          {i === 0 ? `${t('today')} · ` : ''}
          {f.weekdayDayMonth(d)}
        </Toggle>
      ))}
      <DateField label={t('date')} value={date} onChange={(day) => day && onDate(day)} />
    </div>
  );
}
