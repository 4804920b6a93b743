'use client';

import { Button } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useTranslations } from 'next-intl';
import { columnAt, freeRooms, type OverviewMatrix } from '@/lib/timetable/overview/matrix';
import type { FreeAt } from '@/lib/timetable/overview/view';
import type { AppLocale } from '@/lib/i18n/locales';
import { dayName } from '@/lib/timetable/words';
import { Select } from '@/components/ui/control';
import { cardClass } from '@/components/ui/card';

/** "Which room is free in u3 on Thursday": the rooms with nothing but cancelled lessons then. */
export function FreeRooms({
  matrix,
  at,
  now,
  locale,
  hrefOf,
  onChange,
}: {
  matrix: OverviewMatrix;
  at: FreeAt | null;
  /** The current weekday and period, when this week is shown and a period is running. */
  now: FreeAt | null;
  locale: AppLocale;
  hrefOf: (code: string) => string;
  onChange: (at: FreeAt) => void;
}) {
  const t = useTranslations('overview.free');
  if (matrix.periods.length === 0 || matrix.days.length === 0 || !at)
    return (
      <section aria-label={t('title')} className={cardClass('compact', 'text-sm')}>
        {t('noPeriods')}
      </section>
    );
  const rooms = freeRooms(matrix, columnAt(matrix, at.weekday, at.period));
  return (
    <section
      aria-labelledby="free-rooms-heading"
      className={cardClass('compact', 'text-sm print:hidden')}
      data-testid="free-rooms"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{t('title')}</h2>
        <label className="flex items-center gap-1">
          {t('day')}
          <Select
            size="compact"
            value={at.weekday}
            onChange={(e) => onChange({ ...at, weekday: Number(e.target.value) })}
          >
            {matrix.days.map((d) => (
              <option key={d.date} value={d.weekday}>
                {dayName(d.weekday, locale)}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex items-center gap-1">
          {t('period')}
          <Select size="compact" value={at.period} onChange={(e) => onChange({ ...at, period: e.target.value })}>
            {matrix.periods.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </Select>
        </label>
        <Button className="py-0.5" disabled={!now} onClick={() => now && onChange(now)}>
          {t('now')}
        </Button>
      </div>
      <p id="free-rooms-heading" className="mt-2 font-medium" aria-live="polite">
        {t('heading', { count: rooms.length, day: dayName(at.weekday, locale), period: at.period })}
      </p>
      <ul className="mt-1 flex flex-wrap gap-1" data-testid="free-room-list">
        {rooms.map((room) => (
          <li key={room}>
            <PendingLink
              href={hrefOf(room)}
              prefetch={false}
              className="inline-block rounded border border-state-ok bg-state-ok-bg px-1.5 text-xs text-state-ok hover:underline"
              translate="no"
            >
              {room}
            </PendingLink>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-ink-muted">{t('source')}</p>
    </section>
  );
}
