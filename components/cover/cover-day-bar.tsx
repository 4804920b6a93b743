'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';

/** Today and the next school days one click away, and any date; the date lives in the URL. */
export function CoverDayBar({ days, date, onDate }: { days: string[]; date: string; onDate: (d: string) => void }) {
  const t = useTranslations('cover');
  const f = useFormats();
  const tab = (pressed: boolean) =>
    `min-h-11 rounded-md border px-3 py-1 text-sm md:min-h-0 ${pressed ? 'border-brand-strong bg-brand-soft font-semibold text-brand-strong' : 'border-surface-line bg-surface'}`;
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" role="group" aria-label={t('days')}>
      {days.map((d, i) => (
        <button key={d} type="button" className={tab(d === date)} aria-pressed={d === date} onClick={() => onDate(d)}>
          {i === 0 ? `${t('today')} · ` : ''}
          {f.weekdayDayMonth(d)}
        </button>
      ))}
      <label className="flex items-center gap-1 text-sm">
        {t('date')}
        <input
          type="date"
          className="rounded-md border border-surface-line px-2 py-1"
          value={date}
          onChange={(e) => e.target.value && onDate(e.target.value)}
        />
      </label>
    </div>
  );
}
