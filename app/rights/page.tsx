import type { Metadata } from 'next';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { RightsView } from '@/components/rights/rights-view';
import { UpstreamError } from '@/components/ui/upstream-error';
import { PartnerApiError } from '@/lib/partner-api/errors';
import { compareRights, tokenStatus } from '@/lib/rights/compare';
import { getPartner, type ActiveConnection } from '@/lib/server/connection.server';

export const metadata: Metadata = { title: 'Rights' };

export default function RightsPage() {
  return (
    <ConnectedPage
      title="Rights"
      description="What your partner token may read, field by field, compared with the partner API specification."
      what="Your rights"
    >
      {(active) => <Rights active={active} />}
    </ConnectedPage>
  );
}

async function Rights({ active }: { active: ActiveConnection }) {
  const partner = await getPartner(active).catch((error: unknown) => {
    if (error instanceof PartnerApiError) return error;
    throw error;
  });
  if (partner instanceof PartnerApiError) {
    return (
      <UpstreamError
        title="The portal could not tell us your rights"
        message={partner.message}
        eventId={partner.info.eventId}
      />
    );
  }
  return (
    <RightsView
      partnerName={partner.name}
      token={tokenStatus(partner)}
      projects={partner.schoolInSchoolYears.map((p) => ({
        id: p.id,
        name: typeof p.name === 'string' ? p.name : null,
        school: p.school?.name ?? null,
        schoolYear: p.schoolYear ?? null,
      }))}
      endpoints={compareRights(partner)}
    />
  );
}
