import type { Metadata } from 'next';
import { ConnectForm } from '@/components/connect/connect-form';
import { PageHeader } from '@/components/ui/page-header';
import { serverEnv } from '@/lib/env.server';

export const metadata: Metadata = { title: 'Connect' };

const reasons: Record<string, string> = {
  expired: 'Your connection expired. Connect again.',
  removed: 'That connection was disconnected. Connect again to continue.',
  unreadable:
    'Rooster could not read your connection (it may have been altered, or Rooster’s secret changed). Connect again.',
  'not-allowed':
    'Rooster is no longer set up to connect to that portal. Ask whoever runs Rooster, or connect to another portal.',
  disconnected: 'Disconnected. Rooster no longer holds that token.',
};

export default async function ConnectPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { reason } = await searchParams;
  const demoPortalUrl = serverEnv().DEMO_PORTAL_URL ?? null;
  // Own keys only: `?reason=__proto__` must not reach Object.prototype.
  const notice = typeof reason === 'string' && Object.hasOwn(reasons, reason) ? reasons[reason] : undefined;
  return (
    <>
      <PageHeader
        title="Connect a school portal"
        description="Rooster reads your school's partner API on your behalf. You need the portal's URL and the one-time authorization code your school's portal administrator made for your partner, or a token you already hold."
      />
      {notice ? (
        <p
          role="status"
          className="mb-4 max-w-xl rounded-lg border border-state-warn bg-state-warn-bg p-3 text-sm text-state-warn"
        >
          {notice}
        </p>
      ) : null}
      <ConnectForm demoPortalUrl={demoPortalUrl} />
    </>
  );
}
