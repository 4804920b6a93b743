import type { Metadata } from 'next';
import { DateTime } from 'luxon';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { AbsencesScreen } from '@/components/staff/absences-screen';
import { serverEnv } from '@/lib/env.server';
import { projectChoices, rightsFor } from '@/lib/server/page-rights.server';

export const metadata: Metadata = { title: 'Absences' };

export default function StaffAbsencesPage() {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const monday = DateTime.now().setZone(zone).startOf('week');
  const thisWeek = { from: monday.toISODate()!, to: monday.plus({ days: 6 }).toISODate()! };
  return (
    <ConnectedPage
      title="Absences"
      description="Employee absences in a date range, with counts per absence type."
      what="Staff absences"
    >
      {(active) => (
        <PartnerGate active={active} endpoint="employeeabsences">
          {(partner, rights) => (
            <Suspense>
              <AbsencesScreen
                config={{
                  zone,
                  thisWeek,
                  absenceFields: rights.readFields,
                  absenceFilters: rights.filterFields,
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
