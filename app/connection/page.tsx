import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConnectForm } from '@/components/connection/connect-form';
import { PageHeader } from '@/components/ui/page-header';
import { serverEnv } from '@/lib/env.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('connect.page');
  return { title: t('metaTitle') };
}

// Why a person was sent back here (`?reason=`), by the key of its message.
const reasons = {
  expired: 'expired',
  removed: 'removed',
  unreadable: 'unreadable',
  'not-allowed': 'notAllowed',
  disconnected: 'disconnected',
} as const;

export default async function ConnectPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ reason }, t] = await Promise.all([searchParams, getTranslations('connect.page')]);
  const demoPortalUrl = serverEnv().DEMO_PORTAL_URL ?? null;
  // Own keys only: `?reason=__proto__` must not reach Object.prototype.
  const notice =
    typeof reason === 'string' && Object.hasOwn(reasons, reason)
      ? t(`reason.${reasons[reason as keyof typeof reasons]}`)
      : undefined;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
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
