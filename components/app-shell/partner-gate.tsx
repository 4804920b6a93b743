import Link from 'next/link';
import type { ReactNode } from 'react';
import { UpstreamError } from '@/components/ui/upstream-error';
import { PartnerApiError } from '@/lib/partner-api/errors';
import type { Partner } from '@/lib/partner-api/schemas';
import type { ActiveConnection } from '@/lib/server/connection.server';
import { partnerOrError, rightsFor } from '@/lib/server/page-rights.server';

export type EndpointRights = NonNullable<ReturnType<typeof rightsFor>>;

/**
 * The partner's rights for a page: the portal's failure as a clear state, a plain sentence when
 * the endpoint is not granted, else the page with its rights.
 */
export async function PartnerGate({
  active,
  endpoint,
  children,
}: {
  active: ActiveConnection;
  endpoint: string;
  children: (partner: Partner, rights: EndpointRights) => ReactNode;
}) {
  const partner = await partnerOrError(active);
  if (partner instanceof PartnerApiError)
    return (
      <UpstreamError
        title="The portal could not tell us your rights"
        message={partner.message}
        eventId={partner.info.eventId}
      />
    );
  const rights = rightsFor(partner, endpoint);
  if (!rights) {
    return (
      <p className="rounded-lg border border-surface-line bg-surface p-4 text-sm">
        Your partner rights do not include /{endpoint}, so there is nothing to show here.{' '}
        <Link href="/rights" className="underline">
          The Rights page
        </Link>{' '}
        lists what you may read and what to ask the school for.
      </p>
    );
  }
  return children(partner, rights);
}
