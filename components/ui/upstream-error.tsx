'use client';

import { Button } from '@/components/ui/button';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';

/** A portal failure as a page state: what happened, the portal's eventId to quote, and a retry. */
export function UpstreamError({
  title,
  message,
  eventId,
  onRetry,
}: {
  title: string;
  message: string;
  eventId?: number | string | null;
  onRetry?: () => void;
}) {
  const router = useRouter();
  const t = useTranslations('common.upstream');
  return (
    <section role="alert" className="rounded-lg border border-state-danger bg-state-danger-bg p-4 text-sm">
      <h2 className="font-semibold text-state-danger">{title}</h2>
      <p className="mt-1 text-ink">{message}</p>
      {eventId ? (
        <p className="mt-1 text-ink-muted">
          {t.rich('event', {
            eventId: String(eventId),
            code: (chunks) => <code className="font-mono text-ink">{chunks}</code>,
          })}
        </p>
      ) : null}
      <Button className="mt-3" onClick={onRetry ?? (() => router.refresh())}>
        {t('retry')}
      </Button>
    </section>
  );
}

/** A failed call to Rooster's API as a page state: its words in the interface's language, the eventId. */
export function ApiErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const errorText = useApiErrorText();
  return (
    <UpstreamError
      title={title}
      message={errorText(error)}
      eventId={error instanceof ApiError ? error.eventId : null}
      onRetry={onRetry}
    />
  );
}
