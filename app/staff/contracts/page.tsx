import type { Metadata } from 'next';
import { DateTime } from 'luxon';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { ContractsScreen } from '@/components/staff/contracts-screen';
import { serverEnv } from '@/lib/env.server';
import { projectChoices, rightsFor } from '@/lib/server/page-rights.server';

export const metadata: Metadata = { title: 'Contracts' };

export default function StaffContractsPage() {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  return (
    <ConnectedPage
      title="Contracts"
      description="Staff contracts of the chosen projects, joined with employee names."
      what="Staff contracts"
    >
      {(active) => (
        <PartnerGate active={active} endpoint="contracts">
          {(partner, rights) => (
            <Suspense>
              <ContractsScreen
                config={{
                  zone,
                  today: DateTime.now().setZone(zone).toISODate()!,
                  contractFields: rights.readFields,
                  employeeFields: rightsFor(partner, 'employees')?.readFields ?? null,
                  projects: projectChoices(partner),
                }}
              />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
