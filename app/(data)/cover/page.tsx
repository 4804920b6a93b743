import type { Metadata } from 'next';
import { plusDays, today, weekdayOf } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { CoverScreen } from '@/components/cover/cover-screen';
import { serverEnv } from '@/lib/env.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cover.page');
  return { title: t('title') };
}

/** Today and the next school days (Monday to Friday), the days a scheduler plans cover for. */
function schoolDays(zone: string): string[] {
  const days: string[] = [];
  for (let d = today(zone); days.length < 5; d = plusDays(d, 1)) if (weekdayOf(d) <= 5) days.push(d);
  return days;
}

// Cover planning for a day (`/cover?date=2026-11-18`): what is open, who can take it and why,
// the day's proposal, the printable cover list.
export default async function CoverPage() {
  const t = await getTranslations('cover.page');
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="employeeabsences">
          {() => (
            <Suspense>
              <CoverScreen config={{ zone, days: schoolDays(zone) }} />
            </Suspense>
          )}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}
