'use client';

import { connectionPaths } from '@/lib/connection/api.client';
import { Button, buttonClass } from '@/components/ui/button';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFetch, ApiError } from '@/lib/api/http.client';
import type { ConnectionSummary } from '@/lib/connection/types';
import { RevealPanel } from './reveal-panel';

type Method = 'code' | 'token';

interface Connected {
  connection: ConnectionSummary;
  revealable: boolean;
}

/**
 * Portal URL plus a one-time code (or a token already held); the server does the rest. Once
 * connected, the person goes to their timetable; the rights page is a link away.
 */
export function ConnectForm({ demoPortalUrl }: { demoPortalUrl: string | null }) {
  const router = useRouter();
  const t = useTranslations('connect');
  const tClient = useTranslations('api.client');
  const ids = { url: useId(), code: useId(), token: useId(), stay: useId(), error: useId() };
  const [portalUrl, setPortalUrl] = useState(demoPortalUrl ?? '');
  const [method, setMethod] = useState<Method>('code');
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const [stayConnected, setStayConnected] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [connected, setConnected] = useState<Connected | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body =
        method === 'code' ? { method, portalUrl, code, stayConnected } : { method, portalUrl, token, stayConnected };
      const result = await apiFetch<Connected>(connectionPaths.connect(), { method: 'POST', body });
      setToken('');
      setCode('');
      setConnected(result);
      router.refresh();
      if (!result.revealable) router.push('/timetable');
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, t('form.failed')));
    } finally {
      setBusy(false);
    }
  };

  const fetchDemoCode = async () => {
    setError(null);
    try {
      setMethod('code');
      setCode(
        (await apiFetch<{ code: string }>(connectionPaths.demoCode(), { method: 'POST' })).code.replace(
          /(\d{4})(\d{4})(\d{4})/,
          '$1 $2 $3',
        ),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError(0, t('form.noDemoCode')));
    }
  };

  if (connected) {
    return (
      <div className="max-w-xl space-y-4">
        <p role="status" className="rounded-lg border border-state-ok bg-state-ok-bg p-3 text-sm text-state-ok">
          {t.rich('connected.as', {
            partner: connected.connection.partnerName,
            host: new URL(connected.connection.portalOrigin).host,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        {connected.revealable ? <RevealPanel connectionId={connected.connection.id} /> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Link href="/timetable" className={buttonClass('primary')}>
            {t('connected.timetable')}
          </Link>
          <Link href="/rights" className={buttonClass()}>
            {t('connected.rights')}
          </Link>
        </div>
      </div>
    );
  }

  const message = error ? apiErrorMessage(error, tClient) : null;
  const fieldError = (field: string) => (error?.field === field ? message : null);
  const input =
    'mt-1 w-full rounded-md border border-surface-line px-3 py-2 text-sm aria-[invalid=true]:border-state-danger';
  return (
    <form
      onSubmit={submit}
      className="max-w-xl space-y-4 rounded-lg border border-surface-line bg-surface p-6 shadow-sm"
      noValidate
      aria-describedby={error && !error.field ? ids.error : undefined}
    >
      <div>
        <label htmlFor={ids.url} className="text-sm font-medium">
          {t('form.portalUrl')}
        </label>
        <input
          id={ids.url}
          name="portalUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          required
          placeholder="https://school.example/api"
          value={portalUrl}
          onChange={(e) => setPortalUrl(e.target.value)}
          aria-invalid={Boolean(fieldError('portalUrl'))}
          className={input}
        />
        {fieldError('portalUrl') ? <p className="mt-1 text-sm text-state-danger">{fieldError('portalUrl')}</p> : null}
      </div>

      <fieldset>
        <legend className="text-sm font-medium">{t('form.signInWith')}</legend>
        <div className="mt-1 flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="method" checked={method === 'code'} onChange={() => setMethod('code')} />{' '}
            {t('form.withCode')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="method" checked={method === 'token'} onChange={() => setMethod('token')} />{' '}
            {t('form.withToken')}
          </label>
        </div>
      </fieldset>

      {method === 'code' ? (
        <div>
          <label htmlFor={ids.code} className="text-sm font-medium">
            {t('form.code')}
          </label>
          <input
            id={ids.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="1234 5678 9012"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(fieldError('code'))}
            className={`${input} font-mono tracking-wider`}
          />
          <p className="mt-1 text-xs text-ink-muted">{t('form.codeHint')}</p>
          {fieldError('code') ? <p className="mt-1 text-sm text-state-danger">{fieldError('code')}</p> : null}
        </div>
      ) : (
        <div>
          <label htmlFor={ids.token} className="text-sm font-medium">
            {t('form.token')}
          </label>
          <input
            id={ids.token}
            name="token"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={Boolean(fieldError('token'))}
            className={`${input} font-mono`}
          />
          <p className="mt-1 text-xs text-ink-muted">{t('form.tokenHint')}</p>
          {fieldError('token') ? <p className="mt-1 text-sm text-state-danger">{fieldError('token')}</p> : null}
        </div>
      )}

      <div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="stayConnected"
            checked={stayConnected}
            onChange={(e) => setStayConnected(e.target.checked)}
            aria-describedby={ids.stay}
          />{' '}
          {t('form.stayConnected')}
        </label>
        <p id={ids.stay} className="mt-1 text-xs text-ink-muted">
          {t('form.stayConnectedHint')}
        </p>
      </div>

      {error && !error.field ? (
        <div
          id={ids.error}
          role="alert"
          className="rounded-md border border-state-danger bg-state-danger-bg p-3 text-sm text-state-danger"
        >
          {message}
          {error.eventId ? (
            <span className="block text-ink-muted">{t('form.portalEvent', { eventId: String(error.eventId) })}</span>
          ) : null}
        </div>
      ) : null}
      {error?.field && error.eventId ? (
        <p className="text-sm text-ink-muted">{t('form.portalEventShort', { eventId: String(error.eventId) })}</p>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? t('form.connecting') : t('form.connect')}
        </button>
        {demoPortalUrl ? <Button onClick={fetchDemoCode}>{t('form.demoCode')}</Button> : null}
      </div>
    </form>
  );
}
