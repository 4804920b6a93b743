import type { Metadata } from 'next';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { NotBuiltYet } from '@/components/ui/not-built';

export const metadata: Metadata = { title: 'Absences' };

export default function StaffAbsencesPage() {
  return (
    <ConnectedPage
      title="Absences"
      description="Employee absences in a date range, with counts per absence type."
      what="Staff absences"
    >
      {() => <NotBuiltYet what="The absences table" />}
    </ConnectedPage>
  );
}
