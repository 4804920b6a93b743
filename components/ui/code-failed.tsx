import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** Code fetched on demand did not arrive: said where it was wanted, with a retry. */
export function CodeFailed({ onRetry }: { onRetry: () => void }) {
  const common = useTranslations('common');
  return (
    <p
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-state-warn bg-state-warn-bg p-2 text-sm text-state-warn"
    >
      {common('codeFailed')}
      <Button onClick={onRetry}>{common('upstream.retry')}</Button>
    </p>
  );
}
