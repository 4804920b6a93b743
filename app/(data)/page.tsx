import type { Metadata } from 'next';
import { shownDay } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { SectionCards } from '@/components/home/section-cards';
import { TodayScreen, type TodayConfig } from '@/components/home/today-screen';
import { ConnectFirst } from '@/components/ui/connect-first';
import { UpstreamError } from '@/components/ui/upstream-error';
import { serverEnv } from '@/lib/env.server';
import { TODAY_ABSENCE_FIELDS, TODAY_APPOINTMENT_FIELDS } from '@/lib/home/today';
import { PartnerApiError, partnerErrorMessage } from '@/lib/partner-api/errors';
import type { Partner } from '@/lib/partner-api/schemas';
import { projectsOfSchoolYear, schoolYearOf } from '@/lib/partner-api/values';
import { getActiveConnection, type ActiveConnection } from '@/lib/connection/connection.server';
import { partnerOrError, rightsFor } from '@/lib/rights/page-rights.server';
import { connectionEnds } from '@/lib/session/session.server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('home'))('title') };
}

// "Vandaag": today's changes and absent staff of the active portal, the person's last views and
// the connection's state; without a connection, what Rooster offers.
const dateParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export default async function HomePage({ searchParams }: { searchParams: Promise<{ date?: string | string[] }> }) {
  const [lookup, t, query] = await Promise.all([getActiveConnection(), getTranslations('home'), searchParams]);
  // `?date=2026-11-18` shows another day (a shareable link); anything else is today.
  const asked = dateParam.safeParse(query.date);
  const partner = lookup.status === 'ok' ? await partnerOrError(lookup.active) : null;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-muted">{t('intro')}</p>
      {lookup.status !== 'ok' ? <ConnectFirst what={t('everything')} /> : null}
      {partner instanceof PartnerApiError ? (
        <div className="mt-6">
          <UpstreamError
            title={(await getTranslations('common'))('upstream.rightsTitle')}
            message={partnerErrorMessage(partner, await getTranslations('api'))}
            eventId={partner.info.eventId}
          />
        </div>
      ) : null}
      {lookup.status === 'ok' && partner && !(partner instanceof PartnerApiError) ? (
        <TodayScreen config={todayConfig(lookup.active, partner, asked.success ? asked.data : null)} />
      ) : null}
      <SectionCards />
    </>
  );
}

function todayConfig(active: ActiveConnection, partner: Partner, date: string | null): TodayConfig {
  const zone = serverEnv().SCHOOL_TIME_ZONE;
  const day = shownDay(date, zone);
  const projects = projectsOfSchoolYear(partner.schoolInSchoolYears, schoolYearOf(day.date));
  const readable = (endpoint: string, wanted: readonly string[]) => {
    const rights = rightsFor(partner, endpoint);
    return rights
      ? { fields: wanted.filter((f) => rights.readFields.includes(f)), filters: rights.filterFields }
      : null;
  };
  const absences = readable('employeeabsences', TODAY_ABSENCE_FIELDS);
  const { connection } = active;
  return {
    zone,
    ...day,
    projects,
    appointmentFields: readable('appointments', TODAY_APPOINTMENT_FIELDS)?.fields ?? null,
    appointmentsHidden: readable('appointments', [])?.filters.includes('includeHidden') ?? false,
    absence: absences
      ? {
          fields: absences.fields,
          byDate: absences.filters.includes('startDate') && absences.filters.includes('endDate'),
        }
      : null,
    connection: {
      partnerName: connection.partnerName,
      host: new URL(connection.baseUrl).host,
      connectedAt: connection.connectedAt,
      endsAt: connectionEnds(connection),
      stay: connection.stay === true,
    },
  };
}
