'use client';

import { useTranslations } from 'next-intl';

/** What shows while a part of the page loads its code or its data. */
export function Loading() {
  const t = useTranslations('common');
  return (
    <p className="text-sm text-ink-muted" role="status">
      {t('loading')}
    </p>
  );
}
