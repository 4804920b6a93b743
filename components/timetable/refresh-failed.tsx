'use client';

import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';

/** A refresh that failed while the last good week stays on screen: why, the portal's eventId, retry. */
export function RefreshFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslations('timetable');
  const errorText = useApiErrorText();
  return (
    <p role="alert" className="rounded-md border border-state-warn bg-state-warn-bg p-2 text-sm text-state-warn">
      {t.rich('screen.refreshFailed', {
        message: errorText(error),
        event:
          error instanceof ApiError && error.eventId ? t('screen.portalEvent', { eventId: String(error.eventId) }) : '',
        retry: (chunks) => (
          <button type="button" className="underline" onClick={onRetry}>
            {chunks}
          </button>
        ),
      })}
    </p>
  );
}
