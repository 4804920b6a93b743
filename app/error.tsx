'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';

// The last line of defence: an unexpected error becomes a readable state with a retry, never a blank page.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('common.pageError');
  return (
    <section
      role="alert"
      className="mx-auto mt-12 max-w-lg rounded-lg border border-state-danger bg-state-danger-bg p-6"
    >
      <h1 className="text-lg font-semibold text-state-danger">{t('title')}</h1>
      <p className="mt-2 text-sm text-ink">
        {t.rich('body', {
          reference: error.digest ?? t('none'),
          code: (chunks) => <code className="font-mono">{chunks}</code>,
        })}
      </p>
      <Button className="mt-4" onClick={reset}>
        {t('retry')}
      </Button>
    </section>
  );
}
