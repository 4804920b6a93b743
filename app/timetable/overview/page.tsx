import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { OverviewScreen } from '@/components/overview/overview-screen';
import { serverEnv } from '@/lib/env.server';
import { fieldSpec } from '@/lib/partner-api/catalog';
import { currentWeek } from '@/lib/partner-api/values';
import { projectChoices } from '@/lib/server/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('overview.page');
  return { title: t('title') };
}

export default async function OverviewPage() {
  const env = serverEnv();
  const t = await getTranslations('overview.page');
  const projectWords = await getTranslations('rights.project');
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {(partner, rights) => (
            <Suspense>
              <OverviewScreen
                config={{
                  zone: env.SCHOOL_TIME_ZONE,
                  pollSeconds: env.TIMETABLE_POLL_SECONDS,
                  today: currentWeek(env.SCHOOL_TIME_ZONE),
                  fieldKinds: Object.fromEntries(
                    rights.readFields.map((f) => [
                      f,
                      {
                        supported: fieldSpec('appointments', f)?.supported ?? null,
                        timestamp: fieldSpec('appointments', f)?.type === 'timestamp',
                      },
                    ]),
                  ),
                  rights,
                  userFields: partner.endpoints.find((e) => e.endpoint === 'users')?.readFields ?? null,
                  projects: projectChoices(partner, projectWords),
                }}
              />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
