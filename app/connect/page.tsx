import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Connect' };

export default function ConnectPage() {
  return (
    <>
      <PageHeader
        title="Connect a school portal"
        description="Rooster reads your school's partner API on your behalf. You need the portal's URL and the one-time authorization code your school's portal administrator made for your partner."
      />
      <section className="max-w-xl rounded-lg border border-state-warn bg-state-warn-bg p-4 text-sm text-state-warn" role="status">
        This build cannot connect yet: the code exchange and the encrypted session arrive in the next
        release. Nothing on these pages is invented in the meantime.
      </section>
    </>
  );
}
