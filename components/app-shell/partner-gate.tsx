import { PendingLink } from '@/components/ui/pending-link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { UpstreamError } from '@/components/ui/upstream-error';
import { PartnerApiError, partnerErrorMessage } from '@/lib/partner-api/errors';
import type { Partner } from '@/lib/partner-api/schemas';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { partnerOrError, rightsFor } from '@/lib/rights/page-rights.server';
import { FIRST_ANSWER_MS, firstAnswer } from '@/lib/platform/first-answer.server';
import { cardClass } from '@/components/ui/card';

/**
 * How long a page waits for the partner's rights (`/partners/~me`, usually kept from a read in the
 * last minute) before it is sent without them: the first answer's cap, twice, since without the
 * rights a page has nothing to show but this notice.
 */
const RIGHTS_WAIT_MS = 2 * FIRST_ANSWER_MS;

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
  const [partner, t, tApi] = await Promise.all([
    firstAnswer(partnerOrError(active), RIGHTS_WAIT_MS),
    getTranslations('common'),
    getTranslations('api'),
  ]);
  // A portal that does not answer for its rights in time: the page says so at once (its read goes
  // on and is kept, so trying again shortly after is quick) rather than sending nothing for 30 s.
  if (partner === null)
    return (
      <UpstreamError
        title={t('upstream.rightsTitle')}
        message={t('upstream.rightsSlow', { seconds: RIGHTS_WAIT_MS / 1000 })}
      />
    );
  if (partner instanceof PartnerApiError)
    return (
      <UpstreamError
        title={t('upstream.rightsTitle')}
        message={partnerErrorMessage(partner, tApi)}
        eventId={partner.info.eventId}
      />
    );
  const rights = rightsFor(partner, endpoint);
  if (!rights) {
    return (
      <p className={cardClass('default', 'text-sm')}>
        {t.rich('gate.notGranted', {
          endpoint,
          link: (chunks) => (
            <PendingLink href="/rights" className="underline">
              {chunks}
            </PendingLink>
          ),
        })}
      </p>
    );
  }
  return children(partner, rights);
}
