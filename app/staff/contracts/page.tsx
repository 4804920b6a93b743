import type { Metadata } from 'next';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { NotBuiltYet } from '@/components/ui/not-built';

export const metadata: Metadata = { title: 'Contracts' };

export default function StaffContractsPage() {
  return (
    <ConnectedPage
      title="Contracts"
      description="Staff contracts of the chosen projects, joined with employee names."
      what="Staff contracts"
    >
      {() => <NotBuiltYet what="The contracts table" />}
    </ConnectedPage>
  );
}
