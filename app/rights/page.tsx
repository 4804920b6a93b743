import type { Metadata } from 'next';
import { ConnectedPage } from '@/components/app-shell/connected-page';

export const metadata: Metadata = { title: 'Rights' };

export default function RightsPage() {
  return (
    <ConnectedPage
      title="Rights"
      description="What your partner token may read, field by field, compared with the partner API specification."
      what="Your rights"
    >
      {null}
    </ConnectedPage>
  );
}
