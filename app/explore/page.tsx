import type { Metadata } from 'next';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { NotBuiltYet } from '@/components/ui/not-built';

export const metadata: Metadata = { title: 'Explorer' };

export default function ExplorerPage() {
  return (
    <ConnectedPage
      title="Explorer"
      description="Try every endpoint your rights allow: pick fields, build filters, see the exact request."
      what="The explorer"
    >
      {() => <NotBuiltYet what="The explorer" />}
    </ConnectedPage>
  );
}
