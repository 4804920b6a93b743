import type { Metadata } from 'next';
import { DateTime } from 'luxon';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { ExplorerScreen } from '@/components/explorer/explorer-screen';
import { serverEnv } from '@/lib/env.server';
import { catalog, isResourceName } from '@/lib/partner-api/catalog';
import { projectChoices } from '@/lib/server/page-rights.server';

export async function generateMetadata({ params }: { params: Promise<{ endpoint: string }> }): Promise<Metadata> {
  return { title: `Explorer · /${(await params).endpoint}` };
}

export default async function ExploreEndpointPage({ params }: { params: Promise<{ endpoint: string }> }) {
  const { endpoint } = await params;
  if (!isResourceName(endpoint)) notFound();
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const monday = DateTime.now().setZone(zone).startOf('week');
  const thisWeek = { from: monday.toISODate()!, to: monday.plus({ days: 6 }).toISODate()! };
  return (
    <ConnectedPage
      title={`Explorer · /${endpoint}`}
      description={`${catalog[endpoint].title}: pick fields, build filters, see the exact request and its answer.`}
      what="The explorer"
    >
      {(active) => (
        <PartnerGate active={active} endpoint={endpoint}>
          {(partner, rights) => (
            <Suspense>
              <ExplorerScreen
                config={{
                  endpoint,
                  readFields: rights.readFields,
                  filterFields: rights.filterFields,
                  projects: projectChoices(partner),
                  zone,
                  thisWeek,
                }}
              />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
