import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { endpointTitle } from '@/lib/i18n/endpoint-title';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { ExplorerScreen } from '@/components/explorer/explorer-screen';
import { currentWeek, weekDays } from '@/lib/partner-api/values';
import { serverEnv } from '@/lib/env.server';
import { catalog, endpointSpecs, isResourceName } from '@/lib/partner-api/catalog';
import { projectChoices } from '@/lib/rights/page-rights.server';

export async function generateMetadata({ params }: { params: Promise<{ endpoint: string }> }): Promise<Metadata> {
  const [{ endpoint }, t] = await Promise.all([params, getTranslations('explorer')]);
  return { title: t('endpoint.title', { endpoint }) };
}

export default async function ExploreEndpointPage({ params }: { params: Promise<{ endpoint: string }> }) {
  const [{ endpoint }, t] = await Promise.all([params, getTranslations('explorer')]);
  const projectWords = await getTranslations('rights.project');
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  if (!isResourceName(endpoint)) notFound();
  const thisWeek = weekDays(currentWeek(zone));
  return (
    <ConnectedPage
      title={t('endpoint.title', { endpoint })}
      description={t('endpoint.description', {
        title: endpointTitle(endpoint, catalog[endpoint].title, await getTranslations('labels')),
      })}
      what={t('index.what')}
    >
      {(active) => (
        <PartnerGate active={active} endpoint={endpoint}>
          {(partner, rights) => (
            <Suspense>
              <ExplorerScreen
                config={{
                  endpoint,
                  specs: endpointSpecs(endpoint),
                  readFields: rights.readFields,
                  filterFields: rights.filterFields,
                  projects: projectChoices(partner, projectWords),
                  zone,
                  thisWeek,
                  portalBase: active.target.baseUrl,
                }}
              />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
