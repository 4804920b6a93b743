'use client';

import { useTranslations } from 'next-intl';
import type { ChangesConfig } from '@/lib/changes/config';
import type { DayChangesData } from '@/lib/changes/use-day-changes.client';
import { useFormats } from '@/lib/format/use-formats.client';

/** When the list was last read, and a clear notice while the portal cannot be reached (the last list stays). */
export function LiveState({
  config,
  data,
  large = false,
}: {
  config: ChangesConfig;
  data: DayChangesData;
  large?: boolean;
}) {
  const t = useTranslations('changes.live');
  const f = useFormats();
  const week = data.read;
  const updated = week.dataUpdatedAt ? f.clockTime(week.dataUpdatedAt / 1000, config.zone) : null;
  return (
    <div className={`mt-3 ${large ? 'text-xl' : 'text-sm'}`}>
      {/* The line's height is kept until the first read has a time to say: nothing below moves. */}
      <div className={large ? 'min-h-7' : 'min-h-5'}>
        {updated ? (
          <p className="text-ink-muted" data-testid="changes-updated">
            {t('updated', { time: updated })}
          </p>
        ) : null}
      </div>
      {week.error && week.data ? (
        <p
          role="alert"
          data-testid="changes-offline"
          className="mt-2 rounded border-2 border-state-danger bg-state-danger-bg px-3 py-2 font-semibold text-state-danger"
        >
          {t('offline', { time: updated ?? '' })}
        </p>
      ) : null}
      {!data.incremental ? <p className="text-ink-muted print:hidden">{t('fullReads')}</p> : null}
    </div>
  );
}
