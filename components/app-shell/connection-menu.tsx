'use client';

import { connectionPaths } from '@/lib/connection/api.client';
import { Button, linkClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PendingLink } from '@/components/ui/pending-link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { apiFetch, ApiError } from '@/lib/api/http.client';
import { useApiErrorText } from '@/lib/api/use-api-error.client';
import { forgetOtherConnections } from '@/lib/browser/connection-storage.client';
import type { ConnectionSummary } from '@/lib/connection/types';
import { Select } from '@/components/ui/control';

const hostOf = (c: ConnectionSummary) => new URL(c.portalOrigin).host;

/** The connected partner and portal, a switch between portals, and Disconnect. */
export function ConnectionMenu({ connections, activeId }: { connections: ConnectionSummary[]; activeId: string }) {
  const router = useRouter();
  const t = useTranslations('common.connection');
  const errorText = useApiErrorText();
  const [pending, startTransition] = useTransition();
  const common = useTranslations('common');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const active = connections.find((c) => c.id === activeId)!;

  const act = (path: string, method: 'POST' | 'DELETE', after: () => void) =>
    startTransition(async () => {
      setError(null);
      try {
        await apiFetch(path, { method });
        after();
        router.refresh();
      } catch (e) {
        setError(e instanceof ApiError ? errorText(e) : t('failed'));
      }
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-ink-muted">{t('connected')}</span>
      {connections.length > 1 ? (
        <Select
          aria-label={t('portal')}
          className="menu-item text-sm"
          value={activeId}
          disabled={pending}
          onChange={(e) => act(connectionPaths.activate(e.target.value), 'POST', () => {})}
        >
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.partnerName} · {hostOf(c)}
            </option>
          ))}
        </Select>
      ) : (
        <span>
          <span className="font-medium text-ink">{active.partnerName}</span> ·{' '}
          <span className="font-mono text-xs">{hostOf(active)}</span>
        </span>
      )}
      {connections.length < 5 ? (
        <PendingLink href="/connection" className={linkClass('menu-item')}>
          {t('addPortal')}
        </PendingLink>
      ) : null}
      <Button className="menu-item" disabled={pending} onClick={() => setConfirming(true)}>
        {t('disconnect')}
      </Button>
      {/* Asked first: undone only with a new koppelcode from the portal. */}
      {confirming ? (
        <Dialog title={t('confirmTitle')} onClose={() => setConfirming(false)} placement="center" closeButton={false}>
          <p className="mt-3">{t('confirmBody', { partner: active.partnerName, host: hostOf(active) })}</p>
          <div className="mt-4 flex justify-end gap-2">
            <Button onClick={() => setConfirming(false)}>{common('cancel')}</Button>
            <Button
              variant="primary"
              disabled={pending}
              onClick={() =>
                act(connectionPaths.remove(activeId), 'DELETE', () => {
                  setConfirming(false);
                  // At once, before the next page: this browser keeps nothing of the portal it left.
                  forgetOtherConnections(connections.filter((c) => c.id !== activeId).map((c) => c.id));
                  router.push('/connection?reason=disconnected');
                })
              }
            >
              {t('disconnect')}
            </Button>
          </div>
        </Dialog>
      ) : null}
      {error ? (
        <span role="alert" className="text-state-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}
