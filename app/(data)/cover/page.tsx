import type { Metadata } from 'next';
import { isWeekend, plusDays, today } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { CoverScreen, type CoverConfig } from '@/components/cover/cover-screen';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { pageAnswer } from '@/lib/platform/first-answer.server';
import { serverEnv } from '@/lib/env.server';
import { coverDayFor } from '@/lib/cover/cover.server';
import { coverQuerySchema } from '@/lib/cover/query';

type Search = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cover.page');
  return { title: t('title') };
}

/** Today and the next school days (Monday to Friday), the days a scheduler plans cover for. */
function schoolDays(zone: string): string[] {
  const days: string[] = [];
  for (let d = today(zone); days.length < 5; d = plusDays(d, 1)) if (!isWeekend(d)) days.push(d);
  return days;
}

// Cover planning for a day (`/cover?date=2026-11-18`): what is open, who can take it and why,
// the day's proposal, the printable cover list.
export default async function CoverPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [t, raw] = await Promise.all([getTranslations('cover.page'), searchParams]);
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const days = schoolDays(zone);
  // The day the screen opens on: the URL's, when it is a school day it can read, else the first.
  const asked = coverQuerySchema.shape.date.safeParse(typeof raw.date === 'string' ? raw.date : undefined);
  const date = (asked.success && asked.data) || days[0]!;
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="employeeabsences">
          {/* No Suspense boundary: the screen comes in the page's first flush, with the day's answer
              when the server has it in time, not as a hidden part moved into place by a script
              (a second, later paint). */}
          {() => <CoverWithFirst active={active} date={date} config={{ zone, days }} />}
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}

/** The screen with the day's first answer, when the server has it in time (`pageAnswer`). */
async function CoverWithFirst({
  active,
  date,
  config,
}: {
  active: ActiveConnection;
  date: string;
  config: CoverConfig;
}) {
  return (
    <CoverScreen config={config} first={await pageAnswer(active.connection.id, date, coverDayFor(active, date))} />
  );
}
