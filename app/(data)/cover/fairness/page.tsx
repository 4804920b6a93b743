import type { Metadata } from 'next';
import { PendingLink } from '@/components/ui/pending-link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ConnectedPage } from '@/components/app-shell/connected-page';
import { PartnerGate } from '@/components/app-shell/partner-gate';
import { isPageFailure, PageFailure, pageFailure, RefusedAddress } from '@/components/app-shell/page-failure';
import { FairnessReport } from '@/components/cover/fairness-report';
import type { ActiveConnection } from '@/lib/connection/connection.server';
import { fairnessFor } from '@/lib/cover/fairness.server';
import { fairnessQuerySchema } from '@/lib/cover/query';
import { schoolYearSoFar } from '@/lib/cover/window';
import { serverEnv } from '@/lib/env.server';
import { isLocale, DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { today } from '@/lib/partner-api/calendar';
import { searchParam as one, type SearchParams } from '@/lib/shell/search-params';
import { FairnessTools } from '@/components/cover/fairness-tools';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cover.fairness');
  return { title: t('title') };
}

// "Verdeling invalwerk" (`/cover/fairness?from=2026-08-01&to=2026-11-20`): per teacher the covers
// of a period, per fte, against the school's median; by default this school year up to today.
// Drawn whole on the server (the chart is SVG from the answer); the period is in the address.
export default async function FairnessPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [t, raw] = await Promise.all([getTranslations('cover.fairness'), searchParams]);
  const to = one(raw.to) ?? today(serverEnv().SCHOOL_TIME_ZONE);
  const asked = fairnessQuerySchema.safeParse({
    from: one(raw.from) ?? schoolYearSoFar(to).from,
    to,
    // The projects the address names (`project=1261,1262`, the pages' one form); none: every one.
    schoolInSchoolYear: one(raw.project) ? [one(raw.project)] : [],
  });
  return (
    <ConnectedPage title={t('title')} description={t('description')} what={t('what')}>
      {(active) => (
        <PartnerGate active={active} endpoint="appointments">
          {() =>
            asked.success ? (
              <Fairness
                active={active}
                from={asked.data.from!}
                to={asked.data.to!}
                projects={asked.data.schoolInSchoolYear}
              />
            ) : (
              <BadPeriod message={asked.error.issues[0]?.message ?? 'cover.notADate'} />
            )
          }
        </PartnerGate>
      )}
    </ConnectedPage>
  );
}

/** A period the address got wrong: said in words, the form to choose another. */
async function BadPeriod({ message }: { message: string }) {
  const t = await getTranslations('cover.fairness');
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const period = schoolYearSoFar(today(zone));
  return (
    <div className="space-y-3">
      <RefusedAddress message={message} />
      <FairnessTools from={period.from} to={period.to} projects={[]} rows={null} />
      <BackLink label={t('back')} />
    </div>
  );
}

async function Fairness({
  active,
  from,
  to,
  projects,
}: {
  active: ActiveConnection;
  from: string;
  to: string;
  projects: number[];
}) {
  const [answer, t, locale] = await Promise.all([
    fairnessFor(active, from, to, projects).catch(pageFailure),
    getTranslations('cover.fairness'),
    getLocale(),
  ]);
  if (isPageFailure(answer))
    return (
      <div className="space-y-3">
        <PageFailure title={t('title')} failure={answer} />
        <BackLink label={t('back')} />
      </div>
    );
  return (
    <div className="space-y-3">
      <FairnessTools from={from} to={to} projects={projects} rows={answer.data} />
      <FairnessReport answer={answer} locale={isLocale(locale) ? locale : DEFAULT_LOCALE} />
      <BackLink label={t('back')} />
    </div>
  );
}

function BackLink({ label }: { label: string }) {
  return (
    <PendingLink href="/cover" className="text-sm text-brand-strong underline print:hidden">
      {label}
    </PendingLink>
  );
}
