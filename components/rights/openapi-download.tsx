'use client';

import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiFetchFile } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { attachmentName, downloadBlob } from '@/lib/csv/download';
import { OPENAPI_URL } from '@/lib/rights/api.client';

/** Downloads the OpenAPI 3.1 document of exactly this token's rights (for code generators). */
export function OpenApiDownload() {
  const t = useTranslations('rights.openapi');
  const errorText = useApiErrorText();
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      const res = await apiFetchFile(OPENAPI_URL);
      downloadBlob(attachmentName(res, 'openapi.json'), await res.blob());
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <>
      <Button onClick={() => void download()} title={t('hint')}>
        {t('download')}
      </Button>
      {error ? (
        <span role="alert" className="text-sm text-state-danger">
          {error}
        </span>
      ) : null}
    </>
  );
}
