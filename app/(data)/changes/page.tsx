import type { Metadata } from 'next';
import { dayEnd, dayStart, isIsoDate, plusDays, today as todayIn } from '@/lib/partner-api/calendar';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { PartnerGate, type EndpointRights } from '@/components/app-shell/partner-gate';
import { ChangesScreen } from '@/components/changes/changes-screen';
import { ConnectFirst } from '@/components/ui/connect-first';
import { PageHeader } from '@/components/ui/page-header';
import { ABSENCE_FIELDS, DEFAULT_GROUPING, GROUPINGS, type ChangesConfig } from '@/lib/changes/config';
import type { Grouping } from '@/lib/changes/day-changes';
import { serverEnv } from '@/lib/env.server';
import type { Partner } from '@/lib/partner-api/schemas';
import { projectsOfSchoolYear, schoolYearOf, weekOf } from '@/lib/partner-api/values';
import { getActiveConnection } from '@/lib/connection/connection.server';
import { rightsFor } from '@/lib/rights/page-rights.server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('changes.page'))('title') };
}

const query = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  by: z
    .enum(GROUPINGS as [Grouping, ...Grouping[]])
    .optional()
    .catch(undefined),
  display: z.literal('1').optional().catch(undefined),
});

type Search = Record<string, string | string[] | undefined>;

// The changes of a day (`/changes?date=2026-11-18&by=teacher`), and the same list for a hall
// screen (`&display=1`: the layout leaves the app's header out, see lib/shell/display-mode.ts).
export default async function ChangesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const [lookup, t, raw] = await Promise.all([getActiveConnection(), getTranslations('changes.page'), searchParams]);
  if (lookup.status === 'invalid') redirect(`/connection?reason=${lookup.reason}`);
  const asked = query.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
  const display = asked.display === '1';
  return (
    <>
      {display ? null : <PageHeader title={t('title')} description={t('description')} />}
      {lookup.status !== 'ok' ? (
        <ConnectFirst what={t('what')} />
      ) : (
        <PartnerGate active={lookup.active} endpoint="appointments">
          {(partner, rights) => (
            <ChangesScreen config={changesConfig(partner, rights, asked.date, asked.by ?? DEFAULT_GROUPING, display)} />
          )}
        </PartnerGate>
      )}
    </>
  );
}

function changesConfig(
  partner: Partner,
  rights: EndpointRights,
  date: string | undefined,
  grouping: Grouping,
  display: boolean,
): ChangesConfig {
  const env = serverEnv();
  const zone = env.SCHOOL_TIME_ZONE;
  const today = todayIn(zone);
  const day = date && isIsoDate(date) ? date : today;
  const absences = rightsFor(partner, 'employeeabsences');
  const absenceFields = absences ? ABSENCE_FIELDS.filter((f) => absences.readFields.includes(f)) : [];
  return {
    zone,
    pollSeconds: env.TIMETABLE_POLL_SECONDS,
    date: day,
    isToday: day === today,
    previous: plusDays(day, -1),
    next: plusDays(day, 1),
    dayStart: dayStart(day, zone),
    dayEnd: dayEnd(day, zone),
    week: weekOf(dayStart(day, zone), zone),
    // This school year's projects; all of them when none is marked with it.
    projects: projectsOfSchoolYear(partner.schoolInSchoolYears, schoolYearOf(day)),
    rights,
    // The day's absences need who, from and to; without them the section says which right adds it.
    absence:
      absences &&
      ['employee', 'start', 'end'].every((f) => absenceFields.includes(f as (typeof ABSENCE_FIELDS)[number]))
        ? {
            fields: absenceFields,
            byDate: absences.filterFields.includes('startDate') && absences.filterFields.includes('endDate'),
          }
        : null,
    grouping,
    display,
  };
}
