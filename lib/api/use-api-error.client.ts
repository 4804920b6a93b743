'use client';

import { useTranslations } from 'next-intl';
import { ApiError, apiErrorMessage } from './http.client';

/** Words for any failure of a call to Rooster's API, in the interface's language. */
export function useApiErrorText(): (error: unknown) => string {
  const t = useTranslations('api.client');
  return (error) =>
    error instanceof ApiError
      ? apiErrorMessage(error, t)
      : error instanceof Error && error.message
        ? error.message
        : t('status', { status: 0 });
}
