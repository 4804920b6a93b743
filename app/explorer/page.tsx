import type { Metadata } from 'next';
import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';
import { endpointTitle } from '@/lib/i18n/endpoint-title';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { UpstreamError } from '@/components/ui/upstream-error';
import { catalog, resourceNames } from '@/lib/partner-api/catalog';
import { PartnerApiError, partnerErrorMessage } from '@/lib/partner-api/errors';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { partnerOrError } from '@/lib/rights/page-rights.server';
import { cardClass } from '@/components/ui/card';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('explorer.index');
  return { title: t('title') };
}

export default async function ExplorerPage() {
  const t = await getTranslations('explorer.index');
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => <Endpoints active={active} />}
    </ConnectedPage>
  );
}

async function Endpoints({ active }: { active: ActiveConnection }) {
  const [partner, t, common] = await Promise.all([
    partnerOrError(active),
    getTranslations('explorer.index'),
    getTranslations('common'),
  ]);
  if (partner instanceof PartnerApiError)
    return (
      <UpstreamError
        title={common('upstream.rightsTitle')}
        message={partnerErrorMessage(partner, await getTranslations('api'))}
        eventId={partner.info.eventId}
      />
    );
  const granted = new Set(partner.endpoints.map((e) => e.endpoint));
  const labels = await getTranslations('labels');
  const live = await getTranslations('explorer.index');
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {[...resourceNames, 'liveschedule' as const].map((name) => (
        <li key={name} className={cardClass()}>
          {granted.has(name) ? (
            <PendingLink
              href={`/explorer/${name}`}
              className="font-mono font-semibold text-brand-strong hover:underline"
              translate="no"
            >
              /{name}
            </PendingLink>
          ) : (
            <span className="font-mono font-semibold text-ink-faint" aria-disabled="true" title={t('notGranted')}>
              <span translate="no">/{name}</span>
            </span>
          )}
          <p className="text-sm text-ink-muted">
            {name === 'liveschedule' ? live('liveTitle') : endpointTitle(name, catalog[name].title, labels)}
          </p>
          {!granted.has(name) ? <p className="text-xs text-ink-muted">{t('notGrantedNote')}</p> : null}
        </li>
      ))}
    </ul>
  );
}
