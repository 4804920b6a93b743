import type { Metadata } from 'next';
import { currentWeek, weekDays } from '@/lib/partner-api/values';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { AbsencesScreen } from '@/components/staffing/absences-screen';
import { serverEnv } from '@/lib/env.server';
import { fieldColumns } from '@/lib/data-table/columns';
import { endpointSpecs } from '@/lib/partner-api/catalog';
import { projectChoices, rightsFor } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staff.absences');
  return { title: t('title') };
}

export default async function StaffAbsencesPage() {
  const t = await getTranslations('staff.absences');
  const projectWords = await getTranslations('rights.project');
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const thisWeek = weekDays(currentWeek(zone));
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="employeeabsences">
          {(partner, rights) => (
            <Suspense>
              <AbsencesScreen
                config={{
                  zone,
                  thisWeek,
                  absenceFields: rights.readFields,
                  absenceColumns: fieldColumns(endpointSpecs('employeeabsences'), rights.readFields),
                  absenceFilters: rights.filterFields,
                  employeeFields: rightsFor(partner, 'employees')?.readFields ?? null,
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
