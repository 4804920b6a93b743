import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { TimetableScreen } from '@/components/timetable/timetable-screen';
import { weekPageConfig } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('timetable.page');
  return { title: t('title') };
}

export default async function TimetablePage() {
  const t = await getTranslations('timetable.page');
  const projectWords = await getTranslations('rights.project');
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {(partner, rights) => (
            <Suspense>
              <TimetableScreen config={weekPageConfig(partner, rights, projectWords)} />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
