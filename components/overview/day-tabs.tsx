'use client';

import { useTranslations } from 'next-intl';
import { useFormats } from '@/lib/format/use-formats.client';
import type { OverviewView } from '@/lib/overview/view';
import { dayName } from '@/lib/timetable/words';
import { useBlockWords } from '@/components/timetable/appointment-block';

/** The whole week or one day (a narrow screen shows one day at a time). */
export function DayTabs({
  view,
  days,
  day,
  narrow,
  go,
}: {
  view: OverviewView;
  days: { weekday: number; date: string }[];
  day: number | null;
  narrow: boolean;
  go: (next: OverviewView) => void;
}) {
  const t = useTranslations('overview.toolbar');
  const words = useBlockWords();
  const formats = useFormats();
  return (
    <div role="group" aria-label={t('day')} className="flex flex-wrap gap-1 print:hidden">
      {narrow ? null : (
        <button
          type="button"
          aria-pressed={day === null}
          className={`rounded-md border px-2 py-0.5 text-xs ${day === null ? 'border-brand-strong bg-brand-soft font-semibold text-brand-strong' : 'border-surface-line bg-surface'}`}
          onClick={() => go({ ...view, day: null })}
        >
          {t('wholeWeek')}
        </button>
      )}
      {days.map((d) => (
        <button
          key={d.date}
          type="button"
          aria-pressed={day === d.weekday}
          className={`rounded-md border px-2 py-0.5 text-xs ${day === d.weekday ? 'border-brand-strong bg-brand-soft font-semibold text-brand-strong' : 'border-surface-line bg-surface'}`}
          onClick={() => go({ ...view, day: d.weekday })}
        >
          {dayName(d.weekday, words.locale)} {formats.dayMonth(d.date)}
        </button>
      ))}
    </div>
  );
}
