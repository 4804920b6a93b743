'use client';

import { connectionPaths } from '@/lib/connection/api.client';
import { Button, buttonClass } from '@/components/ui/button';
import { PendingLink } from '@/components/ui/pending-link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiFetch, ApiError } from '@/lib/api/http.client';
import type { ConnectionSummary } from '@/lib/connection/types';
import { RevealPanel } from './reveal-panel';
import { cardClass } from '@/components/ui/card';
import { controlClass } from '@/components/ui/control';
import { Field } from '@/components/ui/field';

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
          <PendingLink href="/timetable" className={buttonClass('primary')}>
            {t('connected.timetable')}
          </PendingLink>
          <PendingLink href="/rights" className={buttonClass()}>
            {t('connected.rights')}
          </PendingLink>
        </div>
      </div>
    );
  }

  const message = error ? apiErrorMessage(error, tClient) : null;
  const fieldError = (field: string) => (error?.field === field ? message : null);
  const input = (extra = '') => controlClass('large', `mt-1 w-full text-sm ${extra}`.trim());
  return (
    <form
      onSubmit={submit}
      className={cardClass('roomy', 'max-w-xl space-y-4 shadow-sm')}
      noValidate
      aria-describedby={error && !error.field ? ids.error : undefined}
    >
      <Field id={ids.url} label={t('form.portalUrl')} error={fieldError('portalUrl')}>
        {(control) => (
          <input
            {...control}
            name="portalUrl"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            placeholder="https://school.example/api"
            value={portalUrl}
            onChange={(e) => setPortalUrl(e.target.value)}
            className={input()}
          />
        )}
      </Field>

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
        <Field id={ids.code} label={t('form.code')} hint={t('form.codeHint')} error={fieldError('code')}>
          {(control) => (
            <input
              {...control}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="1234 5678 9012"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={input('font-mono tracking-wider')}
            />
          )}
        </Field>
      ) : (
        <Field id={ids.token} label={t('form.token')} hint={t('form.tokenHint')} error={fieldError('token')}>
          {(control) => (
            <input
              {...control}
              name="token"
              type="password"
              autoComplete="off"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              className={input('font-mono')}
            />
          )}
        </Field>
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
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('form.connecting') : t('form.connect')}
        </Button>
        {demoPortalUrl ? <Button onClick={fetchDemoCode}>{t('form.demoCode')}</Button> : null}
      </div>
    </form>
  );
}
