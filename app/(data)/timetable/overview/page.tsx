import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { OverviewScreen } from '@/components/timetable/overview/overview-screen';
import { weekPageConfig } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('overview.page');
  return { title: t('title') };
}

export default async function OverviewPage() {
  const t = await getTranslations('overview.page');
  const projectWords = await getTranslations('rights.project');
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {(partner, rights) => (
            <Suspense>
              <OverviewScreen config={weekPageConfig(partner, rights, projectWords)} />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
