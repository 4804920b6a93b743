'use client';

import { useRouter } from 'next/navigation';

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
  return (
    <section role="alert" className="rounded-lg border border-state-danger bg-state-danger-bg p-4 text-sm">
      <h2 className="font-semibold text-state-danger">{title}</h2>
      <p className="mt-1 text-ink">{message}</p>
      {eventId ? (
        <p className="mt-1 text-ink-muted">
          Portal event <code className="font-mono text-ink">{eventId}</code>: quote this to the portal operator.
        </p>
      ) : null}
      <button type="button" className="btn mt-3" onClick={onRetry ?? (() => router.refresh())}>
        Try again
      </button>
    </section>
  );
}
