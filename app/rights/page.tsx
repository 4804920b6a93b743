import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { RightsView } from '@/components/rights/rights-view';
import { UpstreamError } from '@/components/ui/upstream-error';
import { PartnerApiError, partnerErrorMessage } from '@/lib/partner-api/errors';
import { compareRights, tokenStatus } from '@/lib/rights/compare';
import { getPartner, type ActiveConnection } from '@/lib/connection/connection.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('rights.page');
  return { title: t('metaTitle') };
}

export default async function RightsPage() {
  const t = await getTranslations('rights.page');
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => <Rights active={active} />}
    </ConnectedPage>
  );
}

async function Rights({ active }: { active: ActiveConnection }) {
  const [partner, t, tApi, tCompare, locale] = await Promise.all([
    getPartner(active).catch((error: unknown) => {
      if (error instanceof PartnerApiError) return error;
      throw error;
    }),
    getTranslations('common.upstream'),
    getTranslations('api'),
    getTranslations('rights.compare'),
    getLocale(),
  ]);
  if (partner instanceof PartnerApiError) {
    return (
      <UpstreamError
        title={t('rightsTitle')}
        message={partnerErrorMessage(partner, tApi)}
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
      endpoints={compareRights(partner, tCompare, locale)}
    />
  );
}
