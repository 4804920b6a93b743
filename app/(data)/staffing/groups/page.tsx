import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { GroupsScreen } from '@/components/staffing/groups-screen';
import { today } from '@/lib/partner-api/calendar';
import { serverEnv } from '@/lib/env.server';
import { projectsOfSchoolYear, schoolYearOf } from '@/lib/partner-api/values';
import { projectChoices } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staff.groups');
  return { title: t('title') };
}

export default async function StaffGroupsPage() {
  const t = await getTranslations('staff.groups');
  const projectWords = await getTranslations('rights.project');
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="courses">
          {(partner) => (
            <Suspense>
              <GroupsScreen
                config={{
                  zone: serverEnv().SCHOOL_TIME_ZONE,
                  projects: projectChoices(partner, projectWords),
                  thisSchoolYear: projectsOfSchoolYear(
                    partner.schoolInSchoolYears,
                    schoolYearOf(today(serverEnv().SCHOOL_TIME_ZONE)),
                  ),
                }}
              />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
