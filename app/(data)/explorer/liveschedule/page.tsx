import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { LiveExplorer } from '@/components/explorer/live-explorer';
import { currentWeek } from '@/lib/partner-api/values';
import { serverEnv } from '@/lib/env.server';
import { projectChoices } from '@/lib/rights/page-rights.server';

// /explorer/liveschedule: a student, a week and a project in; the week's slots out. Its own route
// (a static segment wins over [endpoint]) so the list explorer's pages do not ship its code: a
// page's client components travel in one chunk, whichever of them it draws.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('explorer');
  return { title: t('endpoint.title', { endpoint: 'liveschedule' }) };
}

export default async function LiveSchedulePage() {
  const [t, projectWords] = await Promise.all([getTranslations('explorer'), getTranslations('rights.project')]);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  return (
    <ConnectedPage title={t('live.title')} description={t('live.description')} what={t('index.what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="liveschedule">
          {(partner) => (
            <Suspense>
              <LiveExplorer
                config={{ projects: projectChoices(partner, projectWords), zone, thisWeek: currentWeek(zone) }}
              />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
