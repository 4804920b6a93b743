'use client';

import { connectionPaths } from '@/lib/connection/api.client';
import { Button } from '@/components/ui/button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiErrorMessage, apiFetch, ApiError } from '@/lib/api/http.client';
import { Input } from '@/components/ui/control';

/** Once, right after a code exchange: the portal will never hand out this token again. */
export function RevealPanel({ connectionId }: { connectionId: string }) {
  const t = useTranslations('connect.reveal');
  const tClient = useTranslations('api.client');
  const [token, setToken] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const reveal = async () => {
    try {
      setToken((await apiFetch<{ token: string }>(connectionPaths.reveal(connectionId), { method: 'POST' })).token);
    } catch (e) {
      setMessage(e instanceof ApiError ? apiErrorMessage(e, tClient) : t('failed'));
    }
  };

  return (
    <section
      aria-labelledby="reveal-title"
      data-connection-id={connectionId}
      className="rounded-lg border border-state-warn bg-state-warn-bg p-4 text-sm"
    >
      <h2 id="reveal-title" className="font-semibold text-state-warn">
        {t('title')}
      </h2>
      <p className="mt-1">{t.rich('body', { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      {token ? (
        <div className="mt-3 flex gap-2">
          <label className="sr-only" htmlFor="revealed-token">
            {t('token')}
          </label>
          <Input
            id="revealed-token"
            readOnly
            value={token}
            className="w-full font-mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            onClick={async () => {
              await navigator.clipboard.writeText(token).catch(() => undefined);
              setCopied(true);
            }}
          >
            {copied ? t('copied') : t('copy')}
          </Button>
        </div>
      ) : (
        <Button className="mt-3" onClick={reveal} disabled={Boolean(message)}>
          {t('reveal')}
        </Button>
      )}
      {message ? (
        <p role="alert" className="mt-2 text-state-danger">
          {message}
        </p>
      ) : null}
    </section>
  );
}
