import type { Metadata } from 'next';
import { today } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { ContractsScreen } from '@/components/staffing/contracts-screen';
import { serverEnv } from '@/lib/env.server';
import { fieldColumns } from '@/lib/data-table/columns';
import { endpointSpecs } from '@/lib/partner-api/catalog';
import { projectChoices, rightsFor } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staffing.contracts');
  return { title: t('title') };
}

export default async function StaffContractsPage() {
  const t = await getTranslations('staffing.contracts');
  const projectWords = await getTranslations('rights.project');
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="contracts">
          {(partner, rights) => (
            <Suspense>
              <ContractsScreen
                config={{
                  zone,
                  today: today(zone),
                  contractFields: rights.readFields,
                  contractColumns: fieldColumns(endpointSpecs('contracts'), rights.readFields),
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
