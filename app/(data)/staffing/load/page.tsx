import type { Metadata } from 'next';
import { today as todayIn } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { LoadScreen } from '@/components/staffing/load-screen';
import { serverEnv } from '@/lib/env.server';
import { currentWeek, schoolYearOf } from '@/lib/partner-api/values';
import { projectChoices } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staff.load');
  return { title: t('title') };
}

export default async function StaffLoadPage() {
  const t = await getTranslations('staff.load');
  const projectWords = await getTranslations('rights.project');
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const today = todayIn(zone);
  const schoolYear = schoolYearOf(today);
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="contracts">
          {(partner) => (
            <Suspense>
              <LoadScreen
                config={{
                  zone,
                  today: currentWeek(zone),
                  schoolYear: { from: `${schoolYear}-08-01`, to: today },
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
